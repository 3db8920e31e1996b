export const clesCommune = { commune: ['commune'] as const };

export const clesAdresse = { recherche: (terme: string) => ['adresse', 'recherche', terme] as const };

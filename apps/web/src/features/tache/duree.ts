const deuxChiffres = (n: number) => String(n).padStart(2, '0');

/** A run's duration as a person reads it: « 0,4 s » under a minute, then « 2 min 05 s », then « 1 h 02 min 05 s ». */
export function formaterDuree(ms: number): string {
  const dixiemes = Math.round(ms / 100);
  if (dixiemes < 600) return `${(dixiemes / 10).toFixed(1).replace('.', ',')} s`;
  const secondes = Math.round(ms / 1000);
  const minutes = Math.floor(secondes / 60);
  const reste = `${deuxChiffres(minutes % 60)} min ${deuxChiffres(secondes % 60)} s`;
  return minutes < 60 ? `${minutes} min ${deuxChiffres(secondes % 60)} s` : `${Math.floor(minutes / 60)} h ${reste}`;
}

/** A seeded pseudo-random generator (mulberry32): the demo data is the same on every machine. */
export function generateur(graine: number) {
  let etat = graine >>> 0;
  const suivant = () => {
    etat = (etat + 0x6d2b79f5) >>> 0;
    let t = etat;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    nombre: suivant,
    entier: (min: number, max: number) => min + Math.floor(suivant() * (max - min + 1)),
    choix: <T>(valeurs: readonly T[]) => valeurs[Math.floor(suivant() * valeurs.length)]!,
    vrai: (probabilite: number) => suivant() < probabilite,
    hex: (longueur: number) => Array.from({ length: longueur }, () => Math.floor(suivant() * 16).toString(16)).join(''),
  };
}

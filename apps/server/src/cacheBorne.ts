/**
 * Values computed again and again from the same input, kept in this process: at most `taille`, the least recently
 * read leaving first; with `dureeMs`, each kept that long at most. What is kept is what the computation would give
 * again (docs/architecture.md « Valeurs gardées »).
 */
export class CacheBorne<V> {
  private readonly valeurs = new Map<string, { valeur: V; jusqua: number }>();

  constructor(
    private readonly taille: number,
    private readonly dureeMs = Infinity,
  ) {}

  lire(cle: string): V | undefined {
    const gardee = this.valeurs.get(cle);
    if (!gardee) return undefined;
    this.valeurs.delete(cle);
    if (gardee.jusqua <= Date.now()) return undefined;
    this.valeurs.set(cle, gardee);
    return gardee.valeur;
  }

  garder(cle: string, valeur: V): V {
    this.valeurs.delete(cle);
    this.valeurs.set(cle, { valeur, jusqua: Date.now() + this.dureeMs });
    if (this.valeurs.size > this.taille) this.valeurs.delete(this.valeurs.keys().next().value!);
    return valeur;
  }

  vider() {
    this.valeurs.clear();
  }
}

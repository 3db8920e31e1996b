import { CARTE_MESSAGES } from '@debarras/domain';

/**
 * Checks a configured ArcGIS service before the map uses it (docs/regles.md « Cartes »): its metadata
 * (`?f=pjson`) must answer without error and, for a layer of addresses, list the attributes the screen
 * reads. Answers the message of the first failure, or null.
 */
export async function verifierService(url: string, attributs: readonly string[] = []): Promise<string | null> {
  let meta: unknown;
  try {
    const reponse = await fetch(`${url}${url.includes('?') ? '&' : '?'}f=pjson`);
    meta = await reponse.json();
  } catch {
    return CARTE_MESSAGES.urlInaccessible(url);
  }
  if (!meta || typeof meta !== 'object' || 'error' in meta) return CARTE_MESSAGES.urlInaccessible(url);
  if (attributs.length === 0) return null;
  const champs = (meta as { fields?: unknown }).fields;
  if (!Array.isArray(champs) || champs.length === 0) return CARTE_MESSAGES.attributsIncontrolables(url);
  const noms = new Set(champs.map((c: { name?: unknown }) => String(c?.name ?? '').toUpperCase()));
  const manquant = attributs.find((a) => !noms.has(a));
  return manquant ? CARTE_MESSAGES.attributManquant(url, manquant) : null;
}

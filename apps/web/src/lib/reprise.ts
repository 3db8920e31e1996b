/** The longest wait a Retry-After may ask before the one new try: beyond, the user is told at once. */
const ATTENTE_MAX_S = 10;
/** The wait when the server said none. */
const ATTENTE_PAR_DEFAUT_S = 2;

const patienter = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms));

/**
 * Sends, and once more after the asked delay when the server answered 503 SURCHARGE: that refusal comes before any
 * work (docs/api.md « Erreurs »), so sending the same request again — a creation too — never does it twice. A second
 * refusal is returned as it is, for the caller to say so. Used by the back-office, the residents' and the crews' pages.
 */
export async function envoyerAvecReprise(envoyer: () => Promise<Response>, attendre = patienter): Promise<Response> {
  const reponse = await envoyer();
  if (reponse.status !== 503) return reponse;
  const corps = (await reponse
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  if (corps?.code !== 'SURCHARGE') return reponse;
  const demande = Number(reponse.headers.get('retry-after') ?? Number.NaN);
  const secondes = Number.isFinite(demande) && demande >= 0 ? demande : ATTENTE_PAR_DEFAUT_S;
  if (secondes > ATTENTE_MAX_S) return reponse;
  await attendre(secondes * 1000);
  return envoyer();
}

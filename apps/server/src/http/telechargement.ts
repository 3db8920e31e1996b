/**
 * The `Content-Disposition` of a download named `nom` (RFC 6266 with RFC 5987's `filename*`): the
 * UTF-8 name for every browser of today, and a plain ASCII one for the others.
 */
export function enTeteTelechargement(nom: string) {
  const ascii = nom
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const utf8 = encodeURIComponent(nom).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

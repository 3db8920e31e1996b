import { isIPv6 } from 'node:net';

/**
 * The client as every per-address limit counts it (sign-in, request rates, online bookings awaiting validation): an IPv6 address by its /64 network, the block a home or an office
 * gets (otherwise one client would have 2^64 addresses, each with fresh tries); an IPv4-mapped one as IPv4.
 */
export function adresseComptee(adresseIp: string): string {
  const adresse = adresseIp.split('%')[0]!;
  if (!isIPv6(adresse)) return adresseIp;
  const ipv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(adresse);
  if (ipv4) return ipv4[1]!;
  // an IPv4 tail (`64:ff9b::192.0.2.1`) takes two groups
  const groupes = (texte: string) => (texte ? texte.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const [avant, apres] = adresse.split('::');
  const tete = groupes(avant!);
  const complete = apres === undefined ? tete : [...tete, ...Array<string>(8 - tete.length - groupes(apres).length).fill('0')];
  return `${complete
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

import autocannon from 'autocannon';

/**
 * The load generator of `npm run bench -- charge`, run as a process of its own (`charge.ts` starts it):
 * reads one `Charge` as JSON on its standard input (thousands of bodies exceed a command line), prints
 * autocannon's summary as JSON.
 */
export interface Charge {
  url: string;
  connexions: number;
  duree: number;
  methode?: 'GET' | 'POST';
  entetes: Record<string, string>;
  /** Bodies sent in turn, one per request (creations spread over several levées). */
  corps?: string[];
  /** Requests per second from all connections together; as fast as answered without it. */
  debit?: number;
  /**
   * The requests from this many client addresses in turn, as the proxy in front would say them (X-Forwarded-For):
   * residents each at home, or a city's staff behind the load balancer, so that the limits per address count as theirs.
   */
  adresses?: number;
}

/** What a load gave: autocannon's summary, with the refusals for overload apart and the p99 of the requests served. */
export interface ResultatCharge {
  requetesParSeconde: number;
  p99: number;
  erreurs: number;
  non2xx: number;
  reponses5xx: number;
  /** 503 SURCHARGE answers: refused at once, not errors (docs/exploitation.md « Surcharge »). */
  surcharges: number;
  /** Of `erreurs`, the requests unanswered after autocannon's 10 s. */
  delais: number;
  /** The count of each status answered. */
  statuts: Record<string, number>;
  /** Requests answered 2xx per second, and their p99 (ms). */
  acceptees: number;
  p99Acceptees: number;
  /** The p99 (ms) of the 503 answers: a refusal must come at once. */
  p99Refus: number;
}

let entree = '';
for await (const morceau of process.stdin) entree += String(morceau);
const charge = JSON.parse(entree) as Charge;
let suivant = 0;
const adresseNumero = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
let surcharges = 0;
const dureesAcceptees: number[] = [];
const dureesRefus: number[] = [];
const options: autocannon.Options = {
  url: charge.url,
  connections: charge.connexions,
  duration: charge.duree,
  method: charge.methode ?? 'GET',
  headers: charge.entetes,
  ...(charge.debit ? { overallRate: charge.debit } : {}),
  requests: [
    {
      setupRequest: (requete) => {
        const rang = suivant++;
        return {
          ...requete,
          ...(charge.corps ? { body: charge.corps[rang % charge.corps.length] } : {}),
          ...(charge.adresses ? { headers: { ...requete.headers, 'x-forwarded-for': adresseNumero(rang % charge.adresses) } } : {}),
        };
      },
      onResponse: (statut, corps) => {
        if (statut === 503 && corps.includes('"SURCHARGE"')) surcharges++;
      },
    },
  ],
};
const resultat = await new Promise<autocannon.Result>((ok, ko) => {
  const instance = autocannon(options, (erreur, r) => (erreur ? ko(erreur) : ok(r)));
  instance.on('response', (_client, statut, _octets, duree) => {
    if (statut >= 200 && statut < 300) dureesAcceptees.push(duree);
    else if (statut === 503) dureesRefus.push(duree);
  });
});
const p99 = (durees: number[]) => {
  durees.sort((x, y) => x - y);
  return Math.round(durees[Math.min(durees.length - 1, Math.floor(durees.length * 0.99))] ?? 0);
};
console.log(
  JSON.stringify({
    requetesParSeconde: resultat.requests.average,
    p99: resultat.latency.p99,
    // autocannon's errors count its time-outs too
    erreurs: resultat.errors,
    non2xx: resultat.non2xx,
    reponses5xx: resultat['5xx'],
    surcharges,
    delais: resultat.timeouts,
    statuts: Object.fromEntries(
      Object.entries(resultat.statusCodeStats as Record<string, { count: number }>).map(([statut, { count }]) => [statut, count]),
    ),
    acceptees: dureesAcceptees.length / charge.duree,
    p99Acceptees: p99(dureesAcceptees),
    p99Refus: p99(dureesRefus),
  } satisfies ResultatCharge),
);

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
}

let entree = '';
for await (const morceau of process.stdin) entree += String(morceau);
const charge = JSON.parse(entree) as Charge;
let suivant = 0;
const resultat = await autocannon({
  url: charge.url,
  connections: charge.connexions,
  duration: charge.duree,
  method: charge.methode ?? 'GET',
  headers: charge.entetes,
  ...(charge.debit ? { overallRate: charge.debit } : {}),
  ...(charge.corps
    ? { requests: [{ setupRequest: (requete) => ({ ...requete, body: charge.corps![suivant++ % charge.corps!.length] }) }] }
    : {}),
});
console.log(
  JSON.stringify({
    requetesParSeconde: resultat.requests.average,
    p99: resultat.latency.p99,
    erreurs: resultat.errors + resultat.timeouts,
    non2xx: resultat.non2xx,
    reponses5xx: resultat['5xx'],
  }),
);

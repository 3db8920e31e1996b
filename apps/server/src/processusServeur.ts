import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built server (`tsc -b apps/server`, which `npm test` runs first): the tests of real processes and the charge bench start it. */
export const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

export interface ServeurLance {
  /** `http://127.0.0.1:<port>/webdeb/`: the health routes and the metrics are under it. */
  racine: string;
  /** The back-office API, `…/webdeb/rest`. */
  api: string;
  processus: ChildProcess;
  /** Its exit code, once it has exited. */
  fin: Promise<number | null>;
  /** What it printed so far, both streams. */
  sortie(): string;
}

/**
 * Starts the server in a process of its own on `port`, in development mode (the demo accounts), and waits for its
 * start line. `env` completes or overrides the environment (DATA_DIR, DATABASE_URL, DEMO_PASSWORD…).
 */
export async function lancerServeur(port: number, env: NodeJS.ProcessEnv): Promise<ServeurLance> {
  const processus = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const fin = new Promise<number | null>((ok) => processus.once('exit', (code) => ok(code)));
  let sortie = '';
  await new Promise<void>((ok, ko) => {
    const delai = setTimeout(() => {
      processus.kill('SIGKILL');
      ko(new Error(`le serveur ne démarre pas :\n${sortie}`));
    }, 180_000);
    const lire = (morceau: Buffer) => {
      sortie += morceau.toString();
      if (sortie.includes('est démarré')) {
        clearTimeout(delai);
        ok();
      }
    };
    processus.stdout!.on('data', lire);
    processus.stderr!.on('data', lire);
    void fin.then((code) => ko(new Error(`le serveur s'est arrêté (${code}) :\n${sortie}`)));
  });
  const racine = `http://127.0.0.1:${port}/webdeb/`;
  return { racine, api: `${racine}rest`, processus, fin, sortie: () => sortie };
}

/** Signs `username` in on `api`; answers the session's cookie, or throws with the answer. */
export async function ouvrirSession(api: string, username: string, password: string): Promise<string> {
  const connexion = await fetch(`${api}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (connexion.status !== 200) throw new Error(`connexion de ${username} refusée (${connexion.status}) : ${await connexion.text()}`);
  return connexion.headers.get('set-cookie')!.split(';')[0]!;
}

/** The body of a débarras created as the call centre does (`POST debarras`), one object: for the tests of processes and the bench. */
export const corpsDeCreation = (idpAdr: string, idLevee: number, idObjet: number, nomPersonne: string) =>
  JSON.stringify({
    typeDemande: 'TELEPHONE',
    adresse: { idpAdr },
    levee: { idLevee },
    nomPersonne,
    telephone: '022 418 00 00',
    debarrasObjets: [{ objet: { idObjet }, quantite: 1 }],
  });

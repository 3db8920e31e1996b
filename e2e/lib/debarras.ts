import type { Adresse, Debarras, Levee } from '@debarras/domain';
import { expect } from 'vitest';
import type { Session } from './navigateur.js';

/** A GET of the API as the signed-in user, expected to succeed. */
export async function lire<T>(s: Session, chemin: string): Promise<T> {
  const reponse = await s.page.request.get(s.url(`/rest/${chemin}`));
  expect(reponse.status()).toBe(200);
  return (await reponse.json()) as T;
}

/**
 * Débarras of the test's own, made through the API as the signed-in user: an address of the
 * register with a sector, the first levée the server offers for it, one object.
 */
export async function creerDebarras(s: Session, nom: string, nombre: number): Promise<Debarras[]> {
  const adresse = (await lire<Adresse[]>(s, 'adresse/?q=Rue')).find((a) => a.secteur)!;
  const [objet] = await lire<Array<{ idObjet: number }>>(s, 'objet/?actif=1&type=Objet&size=1');
  const [levee] = await lire<Levee[]>(
    s,
    `levee/next?${new URLSearchParams({ secteur: adresse.secteur!, sauvageurgent: 'false' }).toString()}`,
  );
  const crees: Debarras[] = [];
  for (let i = 1; i <= nombre; i++) {
    const reponse = await s.page.request.post(s.url('/rest/debarras?force=true'), {
      data: {
        typeDemande: 'TELEPHONE',
        adresse: { idpAdr: adresse.idpAdr },
        levee: { idLevee: levee!.idLevee },
        nomPersonne: `${nom} ${i}`,
        telephone: '022 418 00 00',
        debarrasObjets: [{ objet: { idObjet: objet!.idObjet }, quantite: 1 }],
      },
    });
    expect(reponse.status()).toBe(200);
    crees.push((await reponse.json()) as Debarras);
  }
  return crees;
}

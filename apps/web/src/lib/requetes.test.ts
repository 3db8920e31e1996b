import { DEBARRAS_MESSAGES } from '@debarras/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { META_CAPACITE } from './capacite';
import { ErreurHttp } from './http';
import { notifier } from './notifications';
import { creerClientRequetes } from './requetes';

const echouer = (erreur: Error) => () => Promise.reject(erreur);
const capacite = new ErreurHttp(409, DEBARRAS_MESSAGES.capacite, 'CAPACITE_DEPASSEE');

function espion() {
  return vi.spyOn(notifier, 'erreur').mockImplementation(() => undefined);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("l'annonce des échecs, à un seul endroit", () => {
  it("annonce une fois l'échec d'une lecture, avec le message du serveur", async () => {
    const erreur = espion();
    const client = creerClientRequetes();
    await client
      .fetchQuery({ queryKey: ['essai'], queryFn: echouer(new ErreurHttp(404, 'Le débarras 9 est introuvable.', 'INTROUVABLE')) })
      .catch(() => undefined);
    expect(erreur).toHaveBeenCalledExactlyOnceWith('Le débarras 9 est introuvable.');
  });

  it("annonce l'échec d'une écriture", async () => {
    const erreur = espion();
    const client = creerClientRequetes();
    const conflit = new ErreurHttp(409, 'Modifié par gestion', 'CONFLIT_VERSION');
    await client
      .getMutationCache()
      .build(client, { mutationFn: echouer(conflit) })
      .execute(undefined)
      .catch(() => undefined);
    expect(erreur).toHaveBeenCalledExactlyOnceWith('Modifié par gestion');
  });

  it("tait le dépassement de capacité d'une écriture qui le fait confirmer, mais pas celui d'une autre", async () => {
    const erreur = espion();
    const client = creerClientRequetes();
    await client
      .getMutationCache()
      .build(client, { mutationFn: echouer(capacite), meta: META_CAPACITE })
      .execute(undefined)
      .catch(() => undefined);
    expect(erreur).not.toHaveBeenCalled();
    await client
      .getMutationCache()
      .build(client, { mutationFn: echouer(capacite) })
      .execute(undefined)
      .catch(() => undefined);
    expect(erreur).toHaveBeenCalledExactlyOnceWith(DEBARRAS_MESSAGES.capacite);
  });

  it("tait un 401 et un 403, qui mènent déjà à la connexion ou à la page 403, et l'échec qu'un écran montre sur place", async () => {
    const erreur = espion();
    const client = creerClientRequetes();
    for (const e of [new ErreurHttp(401, 'x', 'NON_AUTHENTIFIE'), new ErreurHttp(403, 'y', 'NON_AUTORISE')]) {
      await client.fetchQuery({ queryKey: ['essai', e.status], queryFn: echouer(e), retry: false }).catch(() => undefined);
    }
    await client
      .fetchQuery({
        queryKey: ['essai', 'sur place'],
        queryFn: echouer(new ErreurHttp(500, 'z', 'ERREUR_INTERNE')),
        meta: { erreurSurPlace: true },
        retry: false,
      })
      .catch(() => undefined);
    expect(erreur).not.toHaveBeenCalled();
  });
});

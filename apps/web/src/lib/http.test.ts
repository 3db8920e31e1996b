import { ERREURS } from '@debarras/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { refus, simulerServeur } from '../test/serveur';
import { appeler, configurerHttp, ErreurHttp, lirePage } from './http';
import { z } from 'zod';

describe('client HTTP', () => {
  const rediriger = vi.fn();
  const oublierUtilisateur = vi.fn();
  beforeEach(() => {
    rediriger.mockReset();
    oublierUtilisateur.mockReset();
    configurerHttp({ rediriger, oublierUtilisateur });
  });

  it('renvoie une fois la demande qu’un serveur surchargé a refusée, après le délai qu’il demande', async () => {
    let essais = 0;
    const serveur = simulerServeur({
      'POST debarras': () =>
        ++essais === 1 ? { ...refus(503, 'SURCHARGE', ERREURS.surcharge), entetes: { 'retry-after': '0' } } : { corps: { numero: 'A1' } },
    });
    expect(await (await appeler('debarras', { methode: 'POST', corps: { nom: 'X' } })).json()).toEqual({ numero: 'A1' });
    expect(serveur.appels.filter((a) => a.methode === 'POST')).toHaveLength(2);
  });

  it('dit en clair un second refus pour surcharge, sans réessayer encore', async () => {
    const serveur = simulerServeur({
      'GET levee': () => ({ ...refus(503, 'SURCHARGE', ERREURS.surcharge), entetes: { 'retry-after': '0' } }),
    });
    await expect(appeler('levee')).rejects.toEqual(new ErreurHttp(503, ERREURS.surcharge, 'SURCHARGE'));
    expect(serveur.appels.filter((a) => a.url.pathname.endsWith('/levee'))).toHaveLength(2);
    expect(rediriger).not.toHaveBeenCalled();
  });

  it("oublie l'utilisateur et renvoie à la connexion sur un 401", async () => {
    simulerServeur({ 'GET user': () => refus(401, 'NON_AUTHENTIFIE', 'Session expirée') });
    await expect(appeler('user')).rejects.toEqual(new ErreurHttp(401, 'Session expirée', 'NON_AUTHENTIFIE'));
    expect(oublierUtilisateur).toHaveBeenCalled();
    expect(rediriger).toHaveBeenCalledWith('/login');
  });

  it('laisse l’utilisateur connecté se reconnecter sur place, sans oublier ni rediriger, quand l’application le prend en charge', async () => {
    const sessionExpiree = vi.fn(() => true);
    configurerHttp({ rediriger, oublierUtilisateur, sessionExpiree });
    simulerServeur({ 'POST debarras': () => refus(401, 'NON_AUTHENTIFIE', 'Session expirée') });
    await expect(appeler('debarras', { methode: 'POST', corps: {} })).rejects.toMatchObject({ status: 401 });
    expect(sessionExpiree).toHaveBeenCalled();
    expect(oublierUtilisateur).not.toHaveBeenCalled();
    expect(rediriger).not.toHaveBeenCalled();
  });

  it("ne traite pas l'échec de connexion comme une session expirée", async () => {
    simulerServeur({
      'POST login': () => refus(401, 'NON_AUTHENTIFIE', ERREURS.identificationInvalide),
    });
    await expect(appeler('login', { methode: 'POST', formulaire: { username: 'a', password: 'b' }, sans401: true })).rejects.toThrow(
      'Identification invalide',
    );
    expect(rediriger).not.toHaveBeenCalled();
  });

  it('mène à la page 403 sur un 403', async () => {
    simulerServeur({ 'GET parametre/': () => refus(403, 'NON_AUTORISE', 'Interdit') });
    await expect(appeler('parametre/')).rejects.toMatchObject({ status: 403, message: 'Interdit', code: 'NON_AUTORISE' });
    expect(rediriger).toHaveBeenCalledWith('/403');
  });

  it("lit le total d'une liste dans x-total-elements", async () => {
    simulerServeur({ 'GET parametre/': () => ({ corps: [{ a: 1 }], entetes: { 'x-total-elements': '42' } }) });
    expect(await lirePage('parametre/', new URLSearchParams(), z.object({ a: z.number() }))).toEqual({ lignes: [{ a: 1 }], total: 42 });
  });

  it('envoie la connexion en formulaire encodé', async () => {
    const { appels } = simulerServeur({ 'POST login': () => ({ corps: {} }) });
    await appeler('login', { methode: 'POST', formulaire: { username: 'gestion', password: 'p&ss' } });
    expect(appels[0]!.corps).toBe('username=gestion&password=p%26ss');
  });
});

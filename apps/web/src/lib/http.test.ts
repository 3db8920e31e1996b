import { beforeEach, describe, expect, it, vi } from 'vitest';
import { simulerServeur } from '../test/serveur';
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

  it("oublie l'utilisateur et renvoie à la connexion sur un 401", async () => {
    simulerServeur({ 'GET user': () => ({ status: 401, corps: { errMsg: 'Session expirée' } }) });
    await expect(appeler('user')).rejects.toEqual(new ErreurHttp(401, 'Session expirée'));
    expect(oublierUtilisateur).toHaveBeenCalled();
    expect(rediriger).toHaveBeenCalledWith('/login');
  });

  it("ne traite pas l'échec de connexion comme une session expirée", async () => {
    simulerServeur({
      'POST login': () => ({ status: 401, corps: { errMsg: 'Identification invalide! Merci de vous identifier à nouveau.' } }),
    });
    await expect(appeler('login', { methode: 'POST', formulaire: { username: 'a', password: 'b' }, sans401: true })).rejects.toThrow(
      'Identification invalide',
    );
    expect(rediriger).not.toHaveBeenCalled();
  });

  it('mène à la page 403 sur un 403', async () => {
    simulerServeur({ 'GET parametre/': () => ({ status: 403, corps: { errMsg: 'Interdit' } }) });
    await expect(appeler('parametre/')).rejects.toMatchObject({ status: 403, message: 'Interdit' });
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

import type { CodeTache } from '@debarras/domain';
import { describe, expect, it, vi } from 'vitest';
import { executerLaNuit } from './nuit.js';
import type { ExecutionTerminee, Taches } from './taches.js';

type Issue = Awaited<ReturnType<Taches['executer']>>;
const faite = { execution: { statut: 'OK' }, aReessayer: false } as unknown as ExecutionTerminee;

/** Job runners answering, for each job, the issues given in turn (then « done »), and recording each call. */
function desTaches(issues: Partial<Record<CodeTache, Issue[]>>) {
  const appels: string[] = [];
  const taches = {
    executer: vi.fn(async (code: CodeTache, echeance?: string) => {
      appels.push(`${code}@${echeance}`);
      return issues[code]?.shift() ?? faite;
    }),
  } as unknown as Taches;
  return { taches, appels };
}

describe('la nuit', () => {
  it('enchaîne les quatre tâches dans leur ordre, chacune avec la nuit pour échéance', async () => {
    const { taches, appels } = desTaches({});
    await executerLaNuit(taches, '2026-11-30', async () => undefined);
    expect(appels).toEqual(['planification@2026-11-30', 'recurrences@2026-11-30', 'anonymisation@2026-11-30', 'sauvegarde@2026-11-30']);
  });

  it('passe une étape déjà faite pour cette nuit (un autre serveur, arrêté ensuite) et fait la suite', async () => {
    const { taches, appels } = desTaches({ planification: ['dejaFaite'], recurrences: ['dejaFaite'] });
    await executerLaNuit(taches, '2026-11-30', async () => undefined);
    expect(appels).toHaveLength(4);
    expect(appels.at(-1)).toBe('sauvegarde@2026-11-30');
  });

  it('attend une étape qui tourne ailleurs (« Lancer maintenant », un autre serveur) avant la suivante, sans sauter la sauvegarde', async () => {
    const { taches, appels } = desTaches({ recurrences: ['occupee', 'occupee', 'dejaFaite'] });
    const attentes: number[] = [];
    await executerLaNuit(taches, '2026-11-30', async (ms) => attentes.push(ms));
    expect(appels).toEqual([
      'planification@2026-11-30',
      'recurrences@2026-11-30',
      'recurrences@2026-11-30',
      'recurrences@2026-11-30',
      'anonymisation@2026-11-30',
      'sauvegarde@2026-11-30',
    ]);
    expect(attentes).toEqual([30_000, 30_000]);
  });

  it('ne bloque pas la nuit sur une étape toujours occupée : 20 essais, puis la suite', async () => {
    const { taches, appels } = desTaches({ anonymisation: Array<Issue>(50).fill('occupee') });
    await executerLaNuit(taches, '2026-11-30', async () => undefined);
    expect(appels.filter((a) => a.startsWith('anonymisation'))).toHaveLength(20);
    expect(appels.at(-1)).toBe('sauvegarde@2026-11-30');
  });
});

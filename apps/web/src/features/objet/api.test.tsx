import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { clesObjet } from '../../entites/objet/cles';
import { creerClientRequetes } from '../../lib/requetes';
import { unObjet } from '../../test/fabriques';
import { simulerServeur } from '../../test/serveur';
import { useEnregistrerObjet } from './api';

describe("l'enregistrement d'un objet", () => {
  it('relit les objets proposés dans la fiche débarras, et montre tout de suite la réponse du serveur', async () => {
    const canape = unObjet(1, 'Canapé', { libelle: 'Canapé-lit', version: 1 });
    simulerServeur({ 'POST objet': () => ({ corps: canape }) });
    const client = creerClientRequetes();
    client.setQueryData(clesObjet.choisissables, [unObjet(1, 'Canapé')]);
    const { result } = renderHook(() => useEnregistrerObjet(), {
      wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });

    await act(() => result.current.mutateAsync({ ...canape, version: 0 }));

    expect(client.getQueryState(clesObjet.choisissables)?.isInvalidated).toBe(true);
    expect(client.getQueryData(clesObjet.detail(1))).toEqual(canape);
  });
});

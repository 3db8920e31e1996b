import { FORMULAIRE_MESSAGES as M } from '@debarras/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { monterPage } from '../test/monter';
import { PiedFormulaire } from './PiedFormulaire';
import { useFormulaireDetail } from './useFormulaireDetail';
import { attendreDialogue } from '../test/ecran';

interface Chose {
  id: number;
  nom: string;
}

/** A reference-data page as secteurs, objets, destinataires and paramètres build theirs. */
function PageChose() {
  const { id } = useParams();
  const idChose = id ? Number(id) : undefined;
  const { form, initiales, modifie, enregistrer, enCours } = useFormulaireDetail({
    id: idChose,
    requete: useQuery({
      queryKey: ['chose', idChose],
      queryFn: async (): Promise<Chose> => ({ id: idChose!, nom: 'Alpha' }),
      enabled: Boolean(idChose),
    }),
    enregistrement: useMutation({ mutationFn: async (saisie: { nom: string }): Promise<Chose> => ({ id: 7, nom: saisie.nom }) }),
    versValeurs: versValeursChose,
    versSaisie: (valeurs) => valeurs,
    succes: { ajoute: (nom) => `La chose ${nom} a été ajoutée`, misAJour: (nom) => `La chose ${nom} a été mise à jour` },
    nom: (c) => c.nom,
    chemin: (c) => `/chose/${c.id}`,
  });
  return (
    <Form form={form} onFinish={enregistrer} initialValues={initiales}>
      <Form.Item label="Nom" name="nom">
        <Input />
      </Form.Item>
      <PiedFormulaire liste="/choses" enregistrable={modifie} enCours={enCours} />
    </Form>
  );
}
const versValeursChose = (c: Chose | undefined) => ({ nom: c?.nom ?? '' });

const ouvrir = (chemin: string) =>
  monterPage(
    [
      { path: '/chose/:id?', element: <PageChose /> },
      { path: '/choses', element: <p>Liste des choses</p> },
    ],
    chemin,
  );

const question = () => attendreDialogue(M.quitterTitre);

describe('garde des modifications des fiches du référentiel', { timeout: 30_000 }, () => {
  it('demande avant de quitter une saisie non enregistrée : « Rester » la garde, « Quitter » s’en va', async () => {
    ouvrir('/chose/3');
    await waitFor(() => expect(screen.getByLabelText('Nom')).toHaveValue('Alpha'));
    // unchanged, the list is one click away; changed, it is asked about
    await userEvent.type(screen.getByLabelText('Nom'), ' bis');
    await userEvent.click(screen.getByRole('button', { name: 'Retour à la liste' }));
    await userEvent.click(within(await question()).getByRole('button', { name: M.rester }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Nom')).toHaveValue('Alpha bis');

    const recharger = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(recharger);
    expect(recharger.defaultPrevented).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Retour à la liste' }));
    await userEvent.click(within(await question()).getByRole('button', { name: M.quitter }));
    expect(await screen.findByText('Liste des choses')).toBeInTheDocument();
  });

  it('ne demande rien pour une fiche inchangée, ni après la création qui ouvre la fiche enregistrée', async () => {
    const routeur = ouvrir('/chose');
    await userEvent.type(screen.getByLabelText('Nom'), 'Bêta');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(routeur.state.location.pathname).toBe('/chose/7'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Nom')).toHaveValue('Alpha'));
    await userEvent.click(screen.getByRole('button', { name: 'Retour à la liste' }));
    expect(await screen.findByText('Liste des choses')).toBeInTheDocument();
  });
});

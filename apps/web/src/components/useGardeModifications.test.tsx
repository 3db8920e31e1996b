import { FORMULAIRE_MESSAGES as M } from '@debarras/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** A record on a slow server: its save waits until `liberer` is called, then the record is read again. */
const serveurLent = { enregistree: { id: 4, nom: 'Gamma', remarque: '' }, liberer: () => {} };

function PageLente() {
  const client = useQueryClient();
  const { form, initiales, modifie, enregistrer, enCours } = useFormulaireDetail({
    id: 4,
    requete: useQuery({ queryKey: ['lente'], queryFn: async () => ({ ...serveurLent.enregistree }) }),
    enregistrement: useMutation({
      mutationFn: async (saisie: { nom: string; remarque: string }) => {
        await new Promise<void>((fin) => (serveurLent.liberer = fin));
        // the server keeps its own form of the name
        serveurLent.enregistree = { id: 4, nom: saisie.nom.toUpperCase(), remarque: saisie.remarque };
        return serveurLent.enregistree;
      },
      onSuccess: () => client.invalidateQueries({ queryKey: ['lente'] }),
    }),
    versValeurs: versValeursLente,
    versSaisie: (valeurs) => valeurs,
    succes: { ajoute: (nom) => `${nom} ajoutée`, misAJour: (nom) => `${nom} mise à jour` },
    nom: (c) => c.nom,
    chemin: (c) => `/lente/${c.id}`,
  });
  return (
    <Form form={form} onFinish={enregistrer} initialValues={initiales}>
      <Form.Item label="Nom" name="nom">
        <Input />
      </Form.Item>
      <Form.Item label="Remarque" name="remarque">
        <Input />
      </Form.Item>
      <PiedFormulaire liste="/choses" enregistrable={modifie} enCours={enCours} />
    </Form>
  );
}
const versValeursLente = (c: { nom: string; remarque: string } | undefined) => ({ nom: c?.nom ?? '', remarque: c?.remarque ?? '' });

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
    // the safe choice has the focus: Enter stays
    const dialogue = await question();
    await waitFor(() => expect(within(dialogue).getByRole('button', { name: M.rester })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
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

  it('garde ce qui a été tapé pendant l’enregistrement quand la fiche enregistrée est relue', async () => {
    monterPage([{ path: '/lente', element: <PageLente /> }], '/lente');
    await waitFor(() => expect(screen.getByLabelText('Nom')).toHaveValue('Gamma'));
    await userEvent.type(screen.getByLabelText('Nom'), ' bis');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await userEvent.type(screen.getByLabelText('Remarque'), 'Sonner deux fois');
    serveurLent.liberer();
    await screen.findByText('GAMMA BIS mise à jour');
    // the saved name as the server keeps it; the remark typed meanwhile, still there and still to save
    await waitFor(() => expect(screen.getByLabelText('Nom')).toHaveValue('GAMMA BIS'));
    expect(screen.getByLabelText('Remarque')).toHaveValue('Sonner deux fois');
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
  });
});

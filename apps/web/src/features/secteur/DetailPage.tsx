import { RIVES, SECTEUR_LIBELLES, SECTEUR_SUCCES, secteurSaisieSchema, type Rive, type Secteur } from '@debarras/domain';
import { Form, Select, Skeleton } from 'antd';
import type { Rule } from 'antd/es/form';
import { Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { LigneAudit } from '../../components/LigneAudit';
import { ChampDate } from '../../components/ChampDate';
import { ChampTexte } from '../../components/ChampTexte';
import { PiedFormulaire } from '../../components/PiedFormulaire';
import { useFormulaireDetail } from '../../components/useFormulaireDetail';
import { regle } from '../../lib/zodForm';
import { useEnregistrerSecteur, useSecteur } from './api';
import './secteur.css';
import { TitrePage } from '../../components/TitrePage';
import { differe } from '../../lib/differe';
import { Formulaire } from '../../components/Formulaire';

interface Valeurs {
  libelle: string;
  /** Optional: undefined (not null) lets the select show its placeholder. */
  rive?: Rive;
  dateDebut: string;
  dateFin: string | null;
}

const champs = secteurSaisieSchema.shape;
// the map's code (OpenLayers) comes once the form is shown
const PerimetreCarte = differe(() => import('./PerimetreCarte'), 'PerimetreCarte');
const OPTIONS_RIVE = RIVES.map((r) => ({ value: r.valeur, label: r.libelle }));
const versValeurs = (s: Secteur | undefined): Valeurs => ({
  libelle: s?.libelle ?? '',
  // the server stores only the three banks
  rive: (s?.rive ?? undefined) as Rive | undefined,
  dateDebut: s?.dateDebut ?? '',
  dateFin: s?.dateFin ?? null,
});

/** The end of activity is checked against the start: the whole entry runs, its own issue is kept. */
const regleDateFin: Rule = ({ getFieldsValue }) => ({
  validator: async () => {
    const probleme = secteurSaisieSchema.safeParse(getFieldsValue(true)).error?.issues.find((i) => i.path[0] === 'dateFin');
    if (probleme) throw new Error(probleme.message);
  },
});

const titre = (s: Secteur | undefined) =>
  s ? `Secteur ${s.libelle}${s.dateFin ? ` ${SECTEUR_LIBELLES.inactif}` : ''}` : SECTEUR_LIBELLES.nouveau;

export function SecteurDetailPage() {
  const { id } = useParams();
  const [perimetreEnCours, setPerimetreEnCours] = useState(false);
  const idSecteur = id ? Number(id) : undefined;
  const {
    entite: secteur,
    chargement,
    form,
    initiales,
    modifie,
    enregistrer,
    enCours,
  } = useFormulaireDetail({
    id: idSecteur,
    requete: useSecteur(idSecteur),
    enregistrement: useEnregistrerSecteur(),
    versValeurs,
    versSaisie: (valeurs, s) => ({ ...valeurs, idSecteur, version: s?.version }),
    succes: SECTEUR_SUCCES,
    nom: (s) => s.libelle,
    chemin: (s) => `/secteurDetail/${s.idSecteur}`,
    autreSaisieEnCours: perimetreEnCours,
  });

  if (chargement) return <Skeleton active />;
  return (
    <div className={secteur ? 'page-detail secteur-avec-perimetre' : 'page-detail'}>
      <TitrePage>{titre(secteur)}</TitrePage>
      <Formulaire<Valeurs> form={form} layout="vertical" onFinish={enregistrer} initialValues={initiales}>
        <Form.Item label={SECTEUR_LIBELLES.libelle} name="libelle" rules={[regle(champs.libelle)]} required>
          <ChampTexte disabled={Boolean(idSecteur)} maxLength={300} autoFocus={!idSecteur} />
        </Form.Item>
        <Form.Item label={SECTEUR_LIBELLES.rive} name="rive" rules={[regle(champs.rive)]}>
          <Select
            options={OPTIONS_RIVE}
            allowClear
            placeholder={SECTEUR_LIBELLES.choisirRive}
            autoFocus={Boolean(idSecteur)}
            style={{ maxWidth: 240 }}
          />
        </Form.Item>
        <Form.Item label={SECTEUR_LIBELLES.dateDebut} name="dateDebut" rules={[regle(champs.dateDebut)]} required>
          <ChampDate disabled={Boolean(idSecteur)} allowClear={false} />
        </Form.Item>
        <Form.Item label={SECTEUR_LIBELLES.dateFin} name="dateFin" rules={[regleDateFin]} dependencies={['dateDebut']}>
          <ChampDate />
        </Form.Item>
        <LigneAudit audit={secteur} />
        <PiedFormulaire liste="/secteurListe" enregistrable={modifie} enCours={enCours} />
      </Formulaire>
      {secteur && (
        <Suspense fallback={<Skeleton active />}>
          <PerimetreCarte secteur={secteur} onEnCours={setPerimetreEnCours} />
        </Suspense>
      )}
    </div>
  );
}

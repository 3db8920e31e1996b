import {
  ajouterJours,
  ajouterMois,
  aujourdhui,
  douzeDerniersMois,
  formatCellule,
  part,
  periodeStatistiquesSchema,
  STATISTIQUES_ANNEES_MAX,
  STATISTIQUES_LIBELLES as L,
  tableauxStatistiques,
  type PeriodeStatistiques,
  type Statistiques,
  type TableauStatistique,
} from '@debarras/domain';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Flex, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useId, useState } from 'react';
import { ChoixBoutons } from '../../components/ChoixBoutons';
import { TitrePage } from '../../components/TitrePage';
import { useExportStatistiques, useStatistiques } from './api';
import './StatistiquesPage.css';

const Graphique = lazy(() => import('./Graphique'));

const CLE_PERIODE = 'statistiques.periode';

type Raccourci = 'douzeMois' | 'anneeEnCours' | 'anneePrecedente' | 'dixAns';

/** The shortcuts' periods, from today: whole months, so that every month shown is complete. */
function raccourcis(jour: string): Record<Raccourci, PeriodeStatistiques> {
  const annee = Number(jour.slice(0, 4));
  const debutDuMois = `${jour.slice(0, 7)}-01`;
  return {
    douzeMois: douzeDerniersMois(jour),
    anneeEnCours: { du: `${annee}-01-01`, au: `${annee}-12-31` },
    anneePrecedente: { du: `${annee - 1}-01-01`, au: `${annee - 1}-12-31` },
    dixAns: { du: ajouterMois(debutDuMois, -STATISTIQUES_ANNEES_MAX * 12), au: ajouterJours(debutDuMois, -1) },
  };
}

/** The period chosen last in this tab, else the last twelve full months. */
function usePeriode(): [PeriodeStatistiques, (p: PeriodeStatistiques) => void] {
  const [periode, setPeriode] = useState<PeriodeStatistiques>(() => {
    const gardee = periodeStatistiquesSchema.safeParse(JSON.parse(sessionStorage.getItem(CLE_PERIODE) ?? 'null'));
    return gardee.success ? gardee.data : douzeDerniersMois(aujourdhui());
  });
  return [
    periode,
    (p) => {
      sessionStorage.setItem(CLE_PERIODE, JSON.stringify(p));
      setPeriode(p);
    },
  ];
}

/** A figure's numbers as a table: for screen readers, for copying into a report. */
function TableauFigure({ tableau }: { tableau: TableauStatistique }) {
  return (
    <div className="tableau-statistique">
      <table>
        <caption>{tableau.titre}</caption>
        <thead>
          <tr>
            {tableau.colonnes.map((c) => (
              <th key={c.titre} scope="col" className={c.format === 'texte' ? undefined : 'nombre'}>
                {c.titre}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tableau.lignes.map((ligne, i) => (
            <tr key={i}>
              {ligne.map((valeur, j) => {
                const { format } = tableau.colonnes[j]!;
                return j === 0 ? (
                  <th key={j} scope="row">
                    {formatCellule(valeur, format)}
                  </th>
                ) : (
                  <td key={j} className={format === 'texte' ? undefined : 'nombre'}>
                    {formatCellule(valeur, format)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Vue = 'graphique' | 'tableau';

/** Nothing to draw: no débarras in the period, or (for the crews' results) no result recorded. */
function sansDonnees(cle: TableauStatistique['cle'], s: Statistiques) {
  if (cle === 'resultats')
    return !s.resultats.some((r) => r.replanifies > 0 || r.parCode.AUCUN < Object.values(r.parCode).reduce((n, c) => n + c, 0));
  return !s.parMois.some((m) => m.total > 0);
}

/** A figure: its title, its chart or (one click away) its table. */
function Figure({ tableau, statistiques }: { tableau: TableauStatistique; statistiques: Statistiques }) {
  const [vue, setVue] = useState<Vue>('graphique');
  const id = useId();
  const vide = sansDonnees(tableau.cle, statistiques);
  return (
    <section className="figure-statistique" aria-labelledby={id}>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={4} id={id} style={{ margin: 0 }}>
          {tableau.titre}
        </Typography.Title>
        <ChoixBoutons<Vue>
          libelle={L.vue(tableau.titre)}
          valeur={vue}
          onChange={setVue}
          options={[
            { value: 'graphique', label: L.graphique },
            { value: 'tableau', label: L.tableau },
          ]}
        />
      </Flex>
      {vide && (
        <Typography.Paragraph type="secondary">{tableau.cle === 'resultats' ? L.aucunResultat : L.aucunDebarras}</Typography.Paragraph>
      )}
      {vue === 'tableau' ? (
        <TableauFigure tableau={tableau} />
      ) : (
        !vide && (
          <Suspense fallback={<Skeleton active />}>
            <Graphique cle={tableau.cle} statistiques={statistiques} titre={tableau.titre} />
          </Suspense>
        )
      )}
    </section>
  );
}

/** « 12 345 débarras, dont 23 % en ligne ; … »: the period in one sentence. */
function resume(s: Statistiques) {
  const debarras = s.parMois.reduce((n, m) => n + m.total, 0);
  const enLigne = s.parMois.reduce((n, m) => n + m.parType.INTERNET, 0);
  return L.resume(
    debarras,
    formatCellule(part(enLigne, debarras), 'part'),
    s.parMois.reduce((n, m) => n + m.enAttente, 0),
  );
}

/**
 * « Statistiques » (docs/regles.md « Statistiques »): the figures of a period of levées, each a chart and a table,
 * the whole exported to Excel. Gestion, administration and technique.
 */
export function StatistiquesPage() {
  const [periode, setPeriode] = usePeriode();
  const [saisie, setSaisie] = useState(periode);
  const valide = periodeStatistiquesSchema.safeParse(saisie);
  const statistiques = useStatistiques(valide.success ? periode : undefined);
  const exportation = useExportStatistiques();
  const choix = raccourcis(aujourdhui());
  const raccourci = (Object.keys(choix) as Raccourci[]).find((r) => choix[r].du === saisie.du && choix[r].au === saisie.au) ?? '';

  const choisir = (p: PeriodeStatistiques) => {
    setSaisie(p);
    if (periodeStatistiquesSchema.safeParse(p).success) setPeriode(p);
  };
  const mois = (borne: 'du' | 'au') => (
    <label className="champ-mois">
      <span>{L[borne]}</span>
      <DatePicker
        picker="month"
        format="MM.YYYY"
        placeholder="MM.AAAA"
        allowClear={false}
        value={dayjs(saisie[borne])}
        onChange={(m) =>
          m &&
          choisir({
            ...saisie,
            [borne]: borne === 'du' ? m.startOf('month').format('YYYY-MM-DD') : m.endOf('month').format('YYYY-MM-DD'),
          })
        }
      />
    </label>
  );
  const donnees = statistiques.data;

  return (
    <>
      <TitrePage>{L.titre}</TitrePage>
      <Typography.Paragraph>{L.aide}</Typography.Paragraph>
      <Flex gap={16} wrap align="end" className="periode-statistiques" role="group" aria-label={L.periode}>
        {mois('du')}
        {mois('au')}
        <ChoixBoutons<Raccourci | ''>
          libelle={L.raccourcis}
          valeur={raccourci}
          onChange={(r) => r && choisir(choix[r])}
          options={[
            { value: 'douzeMois', label: L.douzeMois },
            { value: 'anneeEnCours', label: L.anneeEnCours },
            { value: 'anneePrecedente', label: L.anneePrecedente },
            { value: 'dixAns', label: L.dixAns },
          ]}
        />
        <Button
          icon={<DownloadOutlined />}
          disabled={!valide.success}
          loading={exportation.isPending}
          onClick={() => exportation.mutate(periode)}
        >
          {L.exporter}
        </Button>
      </Flex>
      {!valide.success && <Alert type="error" showIcon role="alert" title={valide.error.issues[0]?.message} style={{ marginTop: 12 }} />}
      {valide.success && statistiques.isError && !donnees ? (
        // a period that could not be computed says so, rather than a skeleton that never ends
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title={L.chargementImpossible}
          action={
            <Button size="small" onClick={() => void statistiques.refetch()}>
              {L.reessayer}
            </Button>
          }
        />
      ) : valide.success && (statistiques.isLoading || !donnees) ? (
        <Skeleton active aria-label={L.chargement} />
      ) : (
        donnees && (
          <div aria-busy={statistiques.isFetching} className={statistiques.isPlaceholderData ? 'statistiques-perimees' : undefined}>
            <Typography.Paragraph aria-live="polite" className="resume-statistiques">
              {resume(donnees)}
            </Typography.Paragraph>
            {tableauxStatistiques(donnees).map((t) => (
              <Figure key={t.cle} tableau={t} statistiques={donnees} />
            ))}
          </div>
        )
      )}
    </>
  );
}

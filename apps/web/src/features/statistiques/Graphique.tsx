import {
  CANAL_LIBELLES,
  CANAUX,
  FILTRE_RESULTAT_LIBELLES,
  FILTRES_RESULTAT,
  formatMois,
  part,
  partReplanifiee,
  STATISTIQUES_LIBELLES as L,
  type Statistiques,
  type TableauStatistique,
} from '@debarras/domain';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type ChartDataset,
} from 'chart.js';
import { useEffect, useRef } from 'react';

/*
 * The statistics' charts (docs/decisions.md « Graphiques ») : Chart.js, loaded with this module only when the screen
 * opens, its parts registered one by one so that only bars and lines are shipped.
 */
Chart.register(BarController, BarElement, CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip);
Chart.defaults.font.family = getComputedStyle(document.body).fontFamily || Chart.defaults.font.family;
Chart.defaults.color = '#333';

/** Eight colours told apart with the common colour-vision deficiencies (Okabe–Ito), darker ones first. */
const COULEURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#999999', '#000000'];

const pourcent = (v: number | string) => `${Math.round(Number(v) * 100)} %`;
const nombre = (v: number | string) => Number(v).toLocaleString('fr-CH');

const barres = (label: string, data: Array<number | null>, i: number, pile?: string): ChartDataset<'bar', Array<number | null>> => ({
  type: 'bar',
  label,
  data,
  backgroundColor: COULEURS[i % COULEURS.length],
  // drawn first: the shares' points stay visible over a bar
  order: 1,
  ...(pile ? { stack: pile } : {}),
});

/** A share drawn over counts: points on a right-hand axis from 0 to 100 %. */
const parts = (label: string, data: Array<number | null>, i: number, relier: boolean): ChartDataset<'line', Array<number | null>> => ({
  type: 'line',
  label,
  data,
  yAxisID: 'parts',
  order: 0,
  borderColor: COULEURS[i % COULEURS.length],
  backgroundColor: COULEURS[i % COULEURS.length],
  showLine: relier,
  pointRadius: relier ? 3 : 7,
  borderWidth: relier ? 2 : 1,
  pointBorderColor: '#fff',
  pointStyle: relier ? 'circle' : 'rectRot',
});

const axeParts = { position: 'right' as const, min: 0, max: 1, grid: { drawOnChartArea: false }, ticks: { callback: pourcent } };

function configuration(cle: TableauStatistique['cle'], s: Statistiques): ChartConfiguration<'bar' | 'line', Array<number | null>> {
  const mois = (lignes: Array<{ mois: string }>) => lignes.map((l) => formatMois(l.mois));
  const empile = { x: { stacked: true }, y: { stacked: true, ticks: { callback: nombre } } };
  switch (cle) {
    case 'parMois':
      return {
        type: 'bar',
        data: {
          labels: mois(s.parMois),
          datasets: [
            ...CANAUX.map((c, i) =>
              barres(
                CANAL_LIBELLES[c],
                s.parMois.map((m) => m.parType[c]),
                i,
                'canaux',
              ),
            ),
            parts(
              L.colonnes.partEnLigne,
              s.parMois.map((m) => part(m.parType.INTERNET, m.total)),
              CANAUX.length,
              true,
            ),
          ],
        },
        options: { scales: { ...empile, parts: axeParts } },
      };
    case 'parSecteur':
      return {
        type: 'bar',
        data: {
          labels: s.parSecteur.map((p) => p.secteur),
          datasets: [
            barres(
              L.colonnes.debarras,
              s.parSecteur.map((p) => p.total),
              0,
            ),
            parts(
              L.colonnes.standardTaux,
              s.parSecteur.map((p) => p.remplissage.standard && part(p.remplissage.standard.pris, p.remplissage.standard.max)),
              1,
              false,
            ),
            parts(
              L.colonnes.supplementaireTaux,
              s.parSecteur.map(
                (p) => p.remplissage.supplementaire && part(p.remplissage.supplementaire.pris, p.remplissage.supplementaire.max),
              ),
              3,
              false,
            ),
          ],
        },
        options: { scales: { y: { ticks: { callback: nombre } }, parts: axeParts } },
      };
    case 'objets':
      return {
        type: 'bar',
        data: {
          labels: s.objets.map((o) => o.libelle),
          datasets: [
            barres(
              L.colonnes.quantite,
              s.objets.map((o) => o.quantite),
              0,
            ),
          ],
        },
        options: { indexAxis: 'y', plugins: { legend: { display: false } }, scales: { x: { ticks: { callback: nombre } } } },
      };
    case 'attente':
      return {
        type: 'line',
        data: {
          labels: mois(s.attente),
          datasets: [
            { label: L.colonnes.mediane, data: s.attente.map((a) => a.mediane), borderColor: COULEURS[0], backgroundColor: COULEURS[0] },
            { label: L.colonnes.p90, data: s.attente.map((a) => a.p90), borderColor: COULEURS[1], backgroundColor: COULEURS[1] },
          ],
        },
        options: { scales: { y: { min: 0, title: { display: true, text: 'jours' } } } },
      };
    case 'resultats':
      return {
        type: 'bar',
        data: {
          labels: mois(s.resultats),
          datasets: [
            ...FILTRES_RESULTAT.map((c, i) =>
              barres(
                FILTRE_RESULTAT_LIBELLES[c],
                s.resultats.map((r) => r.parCode[c]),
                i,
                'codes',
              ),
            ),
            parts(L.colonnes.partReplanifiee, s.resultats.map(partReplanifiee), FILTRES_RESULTAT.length, true),
          ],
        },
        options: { scales: { ...empile, parts: axeParts } },
      };
  }
}

/**
 * A figure's chart, drawn on a canvas: a picture for sighted users, named by its title; the same numbers are the
 * figure's table, one click away, for screen readers and copying.
 */
export default function Graphique({
  cle,
  statistiques,
  titre,
}: {
  cle: TableauStatistique['cle'];
  statistiques: Statistiques;
  titre: string;
}) {
  const toile = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const config = configuration(cle, statistiques);
    const graphique = new Chart(toile.current!, {
      ...config,
      options: {
        ...config.options,
        locale: 'fr-CH',
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { position: 'bottom' },
          tooltip: {
            callbacks: {
              label: (c) => {
                const valeur = c.chart.options.indexAxis === 'y' ? c.parsed.x : c.parsed.y;
                if (valeur === null) return `${c.dataset.label} : —`;
                return `${c.dataset.label} : ${'yAxisID' in c.dataset && c.dataset.yAxisID === 'parts' ? pourcent(valeur) : nombre(valeur)}`;
              },
            },
          },
          ...config.options?.plugins,
        },
      },
    });
    return () => graphique.destroy();
  }, [cle, statistiques]);
  return (
    <div className="graphique-statistique">
      <canvas ref={toile} role="img" aria-label={titre} />
    </div>
  );
}

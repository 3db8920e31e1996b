import { RESULTAT_LIBELLES, type CodeResultat } from '@debarras/domain';

/*
 * The headers of the débarras list's yes/no and result columns, drawn in a few path commands (their strokes in styles.css,
 * `.icone-drapeau`): three icons of the icon set weighed more than the first load's budget left
 * (docs/decisions.md « Liste des débarras (écran) »). Each is decorative: the column's title names the header.
 */
const Icone = ({ d }: { d: string }) => (
  <svg className="icone-drapeau" viewBox="0 0 16 16" aria-hidden focusable="false">
    <path d={d} />
  </svg>
);

/** A bug: its body, split, and six legs. */
const PUNAISE = 'M8 5c2 0 3 2 3 4.5S10 14 8 14s-3-2-3-4.5S6 5 8 5zm0 0v9M5 9H2m9 0h3M5 7 3 5m8 2 2-2M5 12l-2 2m8-2 2 2';

export const IconePunaisesImmeuble = () => (
  <>
    <Icone d={PUNAISE} />
    <Icone d="M2 8.5 8 3l6 5.5M4 7v7h8V7" />
  </>
);
export const IconePunaisesDechets = () => (
  <>
    <Icone d={PUNAISE} />
    <Icone d="M2 4h12M6 4V2h4v2M4 4l1 10h6l1-10" />
  </>
);
export const IconeSauvage = () => <Icone d="M8 2l7 12H1zm0 4.5V10m0 2v.5" />;
/** « Résultat »: a flag on a pole, where the crew went. */
export const IconeResultat = () => <Icone d="M4 15V2m0 1h8l-2 3 2 3H4" />;

/**
 * What the crew found, in a cell 40 px wide: a sign of its own for each result (never the colour alone), its words as
 * its accessible name and tooltip.
 */
const SIGNES_RESULTAT: Record<CodeResultat, string> = { LEVE: '✓', PARTIEL: '◐', ABSENT: '∅', INACCESSIBLE: '⊘', REFUSE: '✕' };

export const SigneResultat = ({ code }: { code: CodeResultat }) => (
  <span role="img" aria-label={RESULTAT_LIBELLES[code]} title={RESULTAT_LIBELLES[code]} className={`signe-resultat signe-${code}`}>
    {SIGNES_RESULTAT[code]}
  </span>
);

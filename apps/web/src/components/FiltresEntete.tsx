import { DatePicker, Input, Select, Button, Space } from 'antd';
import { FORMAT_DATE, FORMAT_DATE_ISO } from '@debarras/domain';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { ValeurFiltre } from '../lib/liste';

/** `parametre`: the filter's query parameter, when it is not the column's field. */
export type FiltreColonne =
  | { type: 'texte'; parametre?: string }
  | { type: 'choix'; options: ReadonlyArray<{ value: string | number; label: string }>; parametre?: string }
  /** A date range sent as two filters; with `finSuitDebut`, choosing the start also sets the end to it. */
  | { type: 'periode'; debut: string; fin: string; finSuitDebut?: boolean };

interface PropsTexte {
  valeur: ValeurFiltre;
  libelle: string;
  onValider: (valeur: string | undefined) => void;
}

/** The text filter of a column header: Enter or 'Rechercher' applies it, 'Effacer' removes it. */
export function FiltreTexte({ valeur, libelle, onValider }: PropsTexte) {
  const [saisie, setSaisie] = useState(valeur === undefined ? '' : String(valeur));
  const valider = () => onValider(saisie.trim() || undefined);
  return (
    <div className="filtre-entete" onKeyDown={(e) => e.stopPropagation()}>
      <Input
        autoFocus
        aria-label={`Filtrer ${libelle}`}
        placeholder={`Filtrer ${libelle}`}
        value={saisie}
        onChange={(e) => setSaisie(e.target.value)}
        onPressEnter={valider}
      />
      <Space className="filtre-entete-boutons">
        <Button type="primary" size="small" onClick={valider}>
          Rechercher
        </Button>
        <Button
          size="small"
          onClick={() => {
            setSaisie('');
            onValider(undefined);
          }}
        >
          Effacer
        </Button>
      </Space>
    </div>
  );
}

export function FiltreChoix({
  valeur,
  libelle,
  options,
  onValider,
}: Omit<PropsTexte, 'onValider'> & {
  options: ReadonlyArray<{ value: string | number; label: string }>;
  onValider: (valeur: string | number | undefined) => void;
}) {
  return (
    <div className="filtre-entete">
      <Select
        autoFocus
        allowClear
        aria-label={`Filtrer ${libelle}`}
        placeholder={`Filtrer ${libelle}`}
        value={valeur}
        options={options as { value: string | number; label: string }[]}
        onChange={(v) => onValider(v ?? undefined)}
        style={{ minWidth: 180 }}
      />
    </div>
  );
}

export function FiltrePeriode({
  debut,
  fin,
  onValider,
}: {
  debut: ValeurFiltre;
  fin: ValeurFiltre;
  onValider: (debut?: string, fin?: string) => void;
}) {
  return (
    <div className="filtre-entete">
      <DatePicker.RangePicker
        autoFocus
        format={FORMAT_DATE}
        value={[debut ? dayjs(String(debut)) : null, fin ? dayjs(String(fin)) : null]}
        allowEmpty={[true, true]}
        onChange={(dates) => onValider(dates?.[0]?.format(FORMAT_DATE_ISO), dates?.[1]?.format(FORMAT_DATE_ISO))}
      />
    </div>
  );
}

/** Two dates, 'Du' and 'Au', applied together: choosing 'Du' also sets 'Au' to the same day. */
export function FiltreDuAu({
  debut,
  fin,
  libelle,
  onValider,
}: {
  debut: ValeurFiltre;
  fin: ValeurFiltre;
  libelle: string;
  onValider: (debut?: string, fin?: string) => void;
}) {
  const [du, setDu] = useState(debut ? String(debut) : undefined);
  const [au, setAu] = useState(fin ? String(fin) : undefined);
  const jour = (j: string | undefined) => (j ? dayjs(j) : null);
  return (
    <div className="filtre-entete">
      <DatePicker
        autoFocus
        aria-label={`Filtrer ${libelle} du`}
        placeholder="Du"
        format={FORMAT_DATE}
        value={jour(du)}
        onChange={(d) => {
          const choisi = d?.format(FORMAT_DATE_ISO);
          setDu(choisi);
          if (choisi) setAu(choisi);
        }}
      />
      <DatePicker
        aria-label={`Filtrer ${libelle} au`}
        placeholder="Au"
        format={FORMAT_DATE}
        value={jour(au)}
        onChange={(d) => setAu(d?.format(FORMAT_DATE_ISO))}
      />
      <Space className="filtre-entete-boutons">
        <Button type="primary" size="small" onClick={() => onValider(du, au)}>
          Rechercher
        </Button>
        <Button
          size="small"
          onClick={() => {
            setDu(undefined);
            setAu(undefined);
            onValider(undefined, undefined);
          }}
        >
          Effacer
        </Button>
      </Space>
    </div>
  );
}

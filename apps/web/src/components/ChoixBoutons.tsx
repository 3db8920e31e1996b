import { Radio } from 'antd';

/** A choice among a few views or periods, as buttons side by side, named for assistive technologies. */
export function ChoixBoutons<T extends string | number>({
  libelle,
  valeur,
  onChange,
  options,
}: {
  libelle: string;
  valeur: T;
  onChange: (valeur: T) => void;
  options: ReadonlyArray<{ value: T; label: string }>;
}) {
  return (
    <Radio.Group
      aria-label={libelle}
      optionType="button"
      value={valeur}
      onChange={(e) => onChange(e.target.value as T)}
      options={[...options]}
    />
  );
}

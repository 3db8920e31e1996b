import { ADRESSE_MESSAGES, RECHERCHE_ADRESSE, type Adresse } from '@debarras/domain';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { messageErreur } from '../../lib/notifications';
import { rechercherAdresses } from './api';
import { clesAdresse } from './cles';

export interface AddressPickerProps {
  value?: Adresse | null;
  /** The whole address chosen, or null when the field is cleared. */
  onChange?: (adresse: Adresse | null) => void;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  disabled?: boolean;
  status?: 'error' | 'warning';
  autoFocus?: boolean;
}

interface OptionAdresse {
  value: string;
  label: string;
  adresse: Adresse;
}

const versOption = (adresse: Adresse): OptionAdresse => ({ value: adresse.idpAdr, label: adresse.adresse, adresse });

/**
 * The address search of every form (docs/regles.md « Recherche d'adresse »): it asks the server once typing
 * has paused for 500 ms and at least 3 characters are typed, lists up to 200 addresses with
 * their sector, and gives the chosen address whole.
 */
export function AddressPicker({ value, onChange, placeholder = ADRESSE_MESSAGES.placeholder, ...props }: AddressPickerProps) {
  const [saisie, setSaisie] = useState('');
  const [terme, setTerme] = useState('');
  useEffect(() => {
    const minuterie = setTimeout(() => setTerme(saisie.trim()), RECHERCHE_ADRESSE.delaiMs);
    return () => clearTimeout(minuterie);
  }, [saisie]);

  const assezLong = (texte: string) => texte.length >= RECHERCHE_ADRESSE.caracteresMin;
  const recherche = useQuery({
    queryKey: clesAdresse.recherche(terme),
    queryFn: () => rechercherAdresses(terme),
    // a failed search is said in the list itself, under the field
    meta: { erreurSurPlace: true },
    enabled: assezLong(terme),
    staleTime: 5 * 60_000,
  });
  const trouvees = assezLong(terme) ? (recherche.data ?? []) : [];
  const options = trouvees.map(versOption);
  if (value && !trouvees.some((a) => a.idpAdr === value.idpAdr)) options.unshift(versOption(value));

  const enCours = assezLong(saisie.trim()) && (saisie.trim() !== terme || recherche.isFetching);
  const vide = !assezLong(saisie.trim()) ? (
    ADRESSE_MESSAGES.rechercheTropCourte
  ) : enCours ? (
    <Spin size="small" />
  ) : recherche.isError ? (
    messageErreur(recherche.error)
  ) : (
    ADRESSE_MESSAGES.aucuneTrouvee
  );

  return (
    <Select<string, OptionAdresse>
      {...props}
      className="address-picker"
      placeholder={placeholder}
      allowClear
      value={value?.idpAdr}
      options={assezLong(saisie.trim()) && !enCours ? options : options.filter((o) => o.value === value?.idpAdr)}
      showSearch={{ filterOption: false, onSearch: setSaisie }}
      loading={enCours}
      notFoundContent={vide}
      optionRender={(option) => (
        <div>
          <div>{option.data.label}</div>
          <Typography.Text type="secondary">{option.data.adresse.secteur ?? ADRESSE_MESSAGES.sansSecteur}</Typography.Text>
        </div>
      )}
      onChange={(idpAdr, option) => {
        setSaisie('');
        onChange?.(idpAdr ? (option as OptionAdresse).adresse : null);
      }}
    />
  );
}

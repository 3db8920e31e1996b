import { ADRESSE_MESSAGES, RECHERCHE_ADRESSE, type Adresse } from '@debarras/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Select, Spin, Typography } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { messageErreur } from '../../lib/notifications';
import { requeteAdresses } from './api';

export interface PropsChoixAdresse {
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

const assezLong = (texte: string) => texte.length >= RECHERCHE_ADRESSE.caracteresMin;

/**
 * The address search of every form (docs/regles.md « Recherche d'adresse »): it asks the server once typing
 * has paused for 500 ms and at least 3 characters are typed, lists up to 200 addresses with
 * their sector, and gives the chosen address whole. Enter before the list is there searches at
 * once and takes the first address as soon as it arrives; the text typed stays until then.
 */
export function ChoixAdresse({ value, onChange, placeholder = ADRESSE_MESSAGES.placeholder, ...props }: PropsChoixAdresse) {
  const client = useQueryClient();
  const [saisie, setSaisie] = useState('');
  const [terme, setTerme] = useState('');
  const [ouvert, setOuvert] = useState(false);
  // the text Enter was pressed on while its addresses were not listed yet; typing on cancels it
  const attendue = useRef<string | null>(null);
  useEffect(() => {
    const minuterie = setTimeout(() => setTerme(saisie.trim()), RECHERCHE_ADRESSE.delaiMs);
    return () => clearTimeout(minuterie);
  }, [saisie]);

  const recherche = useQuery({ ...requeteAdresses(terme), enabled: assezLong(terme) });
  const trouvees = assezLong(terme) ? (recherche.data ?? []) : [];
  const options = trouvees.map(versOption);
  if (value && !trouvees.some((a) => a.idpAdr === value.idpAdr)) options.unshift(versOption(value));

  const enCours = assezLong(saisie.trim()) && (saisie.trim() !== terme || recherche.isFetching);
  const affichees = assezLong(saisie.trim()) && !enCours ? options : options.filter((o) => o.value === value?.idpAdr);

  const choisir = (adresse: Adresse | null) => {
    attendue.current = null;
    setSaisie('');
    onChange?.(adresse);
  };

  /** Enter with nothing listed to take: rc-select would close the list and erase the text. */
  const entreeAnticipee = async (evenement: KeyboardEvent) => {
    if (evenement.key !== 'Enter' || (!enCours && affichees.length > 0)) return;
    evenement.preventDefault();
    evenement.stopPropagation();
    const texte = saisie.trim();
    if (!assezLong(texte) || !enCours) return;
    attendue.current = texte;
    setTerme(texte);
    const adresses = await client.fetchQuery(requeteAdresses(texte)).catch(() => undefined);
    // the failure is shown in the list; the user may have typed on meanwhile
    if (attendue.current !== texte || !adresses?.[0]) return;
    setOuvert(false);
    choisir(adresses[0]);
  };

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
    <div onKeyDownCapture={(e) => void entreeAnticipee(e)}>
      <Select<string, OptionAdresse>
        {...props}
        className="address-picker"
        placeholder={placeholder}
        allowClear
        value={value?.idpAdr}
        options={affichees}
        open={ouvert}
        onOpenChange={setOuvert}
        showSearch={{
          filterOption: false,
          searchValue: saisie,
          onSearch: (texte) => {
            // closing the list empties the search: not while Enter waits for its addresses
            if (texte === '' && attendue.current !== null) return;
            attendue.current = null;
            setSaisie(texte);
          },
        }}
        loading={enCours}
        notFoundContent={vide}
        optionRender={(option) => (
          <div>
            <div>{option.data.label}</div>
            <Typography.Text type="secondary">{option.data.adresse.secteur ?? ADRESSE_MESSAGES.sansSecteur}</Typography.Text>
          </div>
        )}
        onChange={(idpAdr, option) => choisir(idpAdr ? (option as OptionAdresse).adresse : null)}
      />
    </div>
  );
}

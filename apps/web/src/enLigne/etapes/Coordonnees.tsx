import { useId, type ReactNode } from 'react';
import { coordonneesEnLigneSchema, texteEnLigne } from '@debarras/domain/enLigne';
import { Etape, MessageChamp } from '../Etape';
import { useTextes } from '../langue';

export interface SaisieCoordonnees {
  nom: string;
  email: string;
  telephone: string;
  remarque: string;
  consentement: boolean;
  /** The field people never see (a robot fills it): sent as it is. */
  site: string;
}
export type ChampCoordonnees = 'nom' | 'email' | 'telephone' | 'remarque' | 'consentement';
export type ErreursCoordonnees = Partial<Record<ChampCoordonnees, string>>;

const ORDRE: ChampCoordonnees[] = ['nom', 'email', 'telephone', 'remarque', 'consentement'];
/** The confirmation's own rules for these fields, with its messages (keys of the texts); the phone number's format is the server's to check. */
const regles = coordonneesEnLigneSchema.omit({ site: true });

/** Whether the details pass the step's rules: the booking goes no further than this step until they do. */
export const coordonneesValables = (valeurs: SaisieCoordonnees) => regles.safeParse(valeurs).success;

interface Props {
  valeurs: SaisieCoordonnees;
  onValeurs: (valeurs: SaisieCoordonnees) => void;
  /**
   * The fields' messages, the step's own and those the server gave at the confirmation, kept by the booking: each
   * stands until its field changes, whichever step the resident goes through meanwhile.
   */
  erreurs: ErreursCoordonnees;
  onErreurs: (erreurs: ErreursCoordonnees) => void;
  focaliser: boolean;
  erreur?: string;
  onSuivant: () => void;
  onPrecedent: () => void;
}

/** Step 4: who to write to (the validation link) and, if they wish, to call; their consent. */
export function EtapeCoordonnees({ valeurs, onValeurs, erreurs, onErreurs, focaliser, erreur, onSuivant, onPrecedent }: Props) {
  const { langue, t } = useTextes();
  const id = useId();
  const idChamp = (champ: ChampCoordonnees) => `${id}-${champ}`;

  const changer = <C extends keyof SaisieCoordonnees>(champ: C, valeur: SaisieCoordonnees[C]) => {
    onValeurs({ ...valeurs, [champ]: valeur });
    const { [champ as ChampCoordonnees]: _corrige, ...autres } = erreurs;
    onErreurs(autres);
  };

  const suivant = () => {
    const resultat = regles.safeParse(valeurs);
    // a message still shown is about a value unchanged since: the server's refusal of it still holds
    const trouvees: ErreursCoordonnees = { ...erreurs };
    for (const probleme of resultat.error?.issues ?? []) {
      const champ = probleme.path[0] as ChampCoordonnees;
      trouvees[champ] ??= texteEnLigne(langue, probleme.message);
    }
    onErreurs(trouvees);
    const premier = ORDRE.find((c) => trouvees[c]);
    if (premier) document.getElementById(idChamp(premier))?.focus();
    else onSuivant();
  };

  const attributs = (champ: ChampCoordonnees) => ({
    id: idChamp(champ),
    'aria-invalid': erreurs[champ] ? true : undefined,
    'aria-describedby': erreurs[champ] ? `${idChamp(champ)}-erreur` : undefined,
  });

  return (
    <Etape numero={4} total={5} titre={t.etapeContact} focaliser={focaliser} erreur={erreur} onSuivant={suivant} onPrecedent={onPrecedent}>
      <Champ id={idChamp('nom')} libelle={t.nom} erreur={erreurs.nom}>
        <input
          {...attributs('nom')}
          type="text"
          autoComplete="name"
          required
          maxLength={255}
          value={valeurs.nom}
          onChange={(e) => changer('nom', e.target.value)}
        />
      </Champ>
      <Champ id={idChamp('email')} libelle={t.email} erreur={erreurs.email}>
        <input
          {...attributs('email')}
          type="email"
          autoComplete="email"
          required
          maxLength={255}
          spellCheck={false}
          value={valeurs.email}
          onChange={(e) => changer('email', e.target.value)}
        />
      </Champ>
      <Champ id={idChamp('telephone')} libelle={t.telephone} erreur={erreurs.telephone}>
        <input
          {...attributs('telephone')}
          type="tel"
          autoComplete="tel"
          maxLength={50}
          value={valeurs.telephone}
          onChange={(e) => changer('telephone', e.target.value)}
        />
      </Champ>
      <Champ id={idChamp('remarque')} libelle={t.remarque} erreur={erreurs.remarque}>
        <textarea
          {...attributs('remarque')}
          rows={3}
          maxLength={1000}
          value={valeurs.remarque}
          onChange={(e) => changer('remarque', e.target.value)}
        />
      </Champ>
      <div className="champ">
        <label className="case">
          <input
            {...attributs('consentement')}
            type="checkbox"
            required
            checked={valeurs.consentement}
            onChange={(e) => changer('consentement', e.target.checked)}
          />
          <span>{t.consentement}</span>
        </label>
        <MessageChamp id={`${idChamp('consentement')}-erreur`} message={erreurs.consentement} />
      </div>
      <div className="piege" aria-hidden="true">
        <label htmlFor={`${id}-site`}>Site</label>
        <input
          id={`${id}-site`}
          name="site"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={valeurs.site}
          onChange={(e) => changer('site', e.target.value)}
        />
      </div>
    </Etape>
  );
}

function Champ({ id, libelle, erreur, children }: { id: string; libelle: string; erreur?: string; children: ReactNode }) {
  return (
    <div className="champ">
      <label htmlFor={id}>{libelle}</label>
      {children}
      <MessageChamp id={`${id}-erreur`} message={erreur} />
    </div>
  );
}

import {
  formatJour,
  libelleStatutDebarras,
  RECHERCHE_RAPIDE,
  RECHERCHE_RAPIDE_LIBELLES as L,
  RECHERCHE_RAPIDE_MESSAGES,
  type DebarrasLigne,
} from '@debarras/domain';
import { Alert, Input, Modal, Typography } from 'antd';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { messageErreur } from '../../lib/notifications';
import { requeteRechercheRapide, useRechercheRapide } from './api';

/** How long typing must pause before the server is asked: the search runs on what was typed, not on each key. */
const DELAI_MS = 250;

export interface PropsRechercheRapide {
  ouvert: boolean;
  onFermer: () => void;
}

/**
 * « Rechercher un débarras » (Ctrl+K or « / », docs/regles.md « Recherche rapide »): one field for a number, a name, a
 * phone or an address; the arrows choose among the answers and Enter opens the chosen one's detail. Enter typed ahead
 * of the answers opens the first one as soon as it comes.
 */
export function ModaleRechercheRapide({ ouvert, onFermer }: PropsRechercheRapide) {
  return ouvert ? <Recherche onFermer={onFermer} /> : null;
}

function Recherche({ onFermer }: { onFermer: () => void }) {
  const naviguer = useNavigate();
  const idListe = useId();
  const [saisie, setSaisie] = useState('');
  const [terme, setTerme] = useState('');
  const [actif, setActif] = useState(0);
  // the text Enter was pressed on before its answers came; typing on forgets it
  const attendu = useRef<string>(undefined);
  const champ = useRef<HTMLInputElement>(null);
  const client = useQueryClient();
  useEffect(() => {
    const minuterie = setTimeout(() => setTerme(saisie.trim()), DELAI_MS);
    return () => clearTimeout(minuterie);
  }, [saisie]);
  // The dialog takes the focus while it opens (a few hundred milliseconds): what is typed meanwhile, right after
  // Ctrl+K, goes to the field all the same, and the field takes the focus.
  useEffect(() => {
    const surTouche = (e: globalThis.KeyboardEvent) => {
      if (!champ.current || e.target === champ.current || e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1) return;
      e.preventDefault();
      setSaisie((texte) => (texte + e.key).slice(0, RECHERCHE_RAPIDE.max));
      champ.current.focus();
    };
    document.addEventListener('keydown', surTouche, true);
    return () => document.removeEventListener('keydown', surTouche, true);
  }, []);

  const recherche = useRechercheRapide(terme);
  const aJour = terme === saisie.trim() && !recherche.isFetching;
  const trouves = terme.length >= RECHERCHE_RAPIDE.min ? (recherche.data ?? []) : [];

  const ouvrir = (d: DebarrasLigne) => {
    onFermer();
    naviguer(`/debarrasDetail/${d.idDebarras}`);
  };
  const ouvrirLePremier = async (texte: string) => {
    attendu.current = texte;
    setTerme(texte);
    const reponse = await client.fetchQuery(requeteRechercheRapide(texte)).catch(() => []);
    if (attendu.current === texte && reponse[0]) ouvrir(reponse[0]);
  };

  const auClavier = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (trouves.length) setActif((a) => (a + (e.key === 'ArrowDown' ? 1 : trouves.length - 1)) % trouves.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const texte = saisie.trim();
      if (aJour && trouves[actif]) ouvrir(trouves[actif]);
      else if (texte.length >= RECHERCHE_RAPIDE.min) void ouvrirLePremier(texte);
    }
  };

  const tropCourt = saisie.trim().length > 0 && saisie.trim().length < RECHERCHE_RAPIDE.min;
  const idOption = (i: number) => `${idListe}-${i}`;
  return (
    <Modal
      open
      title={L.titre}
      onCancel={onFermer}
      footer={null}
      width={720}
      // should the dialog have taken the focus as it opened, the field takes it back
      afterOpenChange={(ouverte) => ouverte && champ.current?.focus()}
    >
      <Input
        ref={(e) => {
          champ.current = e?.input ?? null;
        }}
        role="combobox"
        aria-label={L.champ}
        aria-expanded={trouves.length > 0}
        aria-controls={idListe}
        aria-activedescendant={trouves.length ? idOption(actif) : undefined}
        aria-describedby={`${idListe}-aide`}
        placeholder={L.champ}
        value={saisie}
        maxLength={RECHERCHE_RAPIDE.max}
        onChange={(e) => {
          setSaisie(e.target.value);
          setActif(0);
          attendu.current = undefined;
        }}
        onKeyDown={auClavier}
        size="large"
      />
      <Typography.Paragraph type="secondary" id={`${idListe}-aide`} className="recherche-rapide-aide">
        {tropCourt ? RECHERCHE_RAPIDE_MESSAGES.tropCourte : L.aide}
      </Typography.Paragraph>
      {recherche.isError && <Alert type="error" showIcon message={messageErreur(recherche.error)} />}
      <div role="status" className="recherche-rapide-etat">
        {terme.length >= RECHERCHE_RAPIDE.min && !recherche.isError
          ? !aJour
            ? L.recherche
            : trouves.length
              ? L.resultats(trouves.length)
              : L.aucun
          : ''}
      </div>
      <ul id={idListe} role="listbox" aria-label={L.titre} className="recherche-rapide-liste">
        {trouves.map((d, i) => (
          <li
            key={d.idDebarras}
            id={idOption(i)}
            role="option"
            aria-selected={i === actif}
            className={i === actif ? 'actif' : undefined}
            onMouseEnter={() => setActif(i)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => ouvrir(d)}
          >
            <strong>{d.numero}</strong>
            <span>{d.nomPersonne}</span>
            <span>{d.telephone}</span>
            <span>{d.adresse.adresse}</span>
            <span>{L.levee(formatJour(d.levee.dateLevee))}</span>
            <span>{libelleStatutDebarras(d.statut)}</span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

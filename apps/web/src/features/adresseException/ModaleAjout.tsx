import { ADRESSE_EXCEPTION_LIBELLES as L, ADRESSE_EXCEPTION_MESSAGES, ADRESSE_MESSAGES, type Adresse } from '@debarras/domain';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Modal } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { existeException } from '../../entites/adresseException/api';
import { ChoixAdresse } from '../../entites/adresse/ChoixAdresse';
import { siAbouti } from '../../lib/requetes';
import { Formulaire } from '../../components/Formulaire';

/** What the detail screen reads of a new exception's address from the router state. */
export interface NouvelleException {
  idpadr: string;
  adresse: string;
}

interface Props {
  ouvert: boolean;
  onFermer: () => void;
}

/**
 * « Ajouter une adresse exception » (docs/regles.md « Adresses exceptions »): an address without an exception
 * yet, then its detail screen. Enter in the search chooses and hands the focus to OK; Escape closes.
 */
export function ModaleAjout({ ouvert, onFermer }: Props) {
  return ouvert ? <Ajout onFermer={onFermer} /> : null;
}

function Ajout({ onFermer }: Pick<Props, 'onFermer'>) {
  const naviguer = useNavigate();
  const [adresse, setAdresse] = useState<Adresse | null>(null);
  const [erreur, setErreur] = useState<string | null>(null);
  const ok = useRef<HTMLButtonElement>(null);
  const verification = useMutation({ mutationFn: existeException });

  const choisir = (choisie: Adresse | null) => {
    setAdresse(choisie);
    setErreur(null);
    if (choisie) setTimeout(() => ok.current?.focus());
  };

  const valider = async () => {
    if (!adresse) return setErreur(ADRESSE_EXCEPTION_MESSAGES.adresseObligatoire);
    const existe = await siAbouti(verification.mutateAsync(adresse.idpAdr));
    if (existe === undefined) return;
    if (existe) return setErreur(ADRESSE_EXCEPTION_MESSAGES.adresseExistante(adresse.adresse));
    onFermer();
    naviguer('/adresseExceptionDetail', { state: { idpadr: adresse.idpAdr, adresse: adresse.adresse } satisfies NouvelleException });
  };

  return (
    <Modal
      open
      title={L.ajouter}
      onCancel={onFermer}
      footer={[
        <Button key="annuler" onClick={onFermer}>
          Annuler
        </Button>,
        <Button key="ok" ref={ok} type="primary" loading={verification.isPending} onClick={() => void valider()}>
          OK
        </Button>,
      ]}
    >
      <Formulaire layout="vertical" component="div">
        <Form.Item
          label={ADRESSE_MESSAGES.placeholder}
          htmlFor="ajout-exception-recherche"
          validateStatus={erreur ? 'error' : undefined}
          help={erreur}
          required
        >
          <ChoixAdresse id="ajout-exception-recherche" value={adresse} onChange={choisir} status={erreur ? 'error' : undefined} autoFocus />
        </Form.Item>
        <Form.Item label={L.adresse} htmlFor="ajout-exception-adresse">
          <Input id="ajout-exception-adresse" value={adresse?.adresse ?? ''} readOnly />
        </Form.Item>
      </Formulaire>
    </Modal>
  );
}

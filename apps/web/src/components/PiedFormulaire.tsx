import { Button, Space } from 'antd';
import { useNavigate } from 'react-router';

interface PropsPiedFormulaire {
  /** The list 'Retour à la liste' goes back to, e.g. '/secteurListe'. */
  liste: string;
  enregistrable: boolean;
  enCours: boolean;
}

/** The foot of a detail form: back to the list, and 'Enregistrer' as the submit button (Enter saves too). */
export function PiedFormulaire({ liste, enregistrable, enCours }: PropsPiedFormulaire) {
  const naviguer = useNavigate();
  return (
    <div className="pied-formulaire">
      <Button onClick={() => naviguer(liste)}>Retour à la liste</Button>
      <Space>
        <Button type="primary" htmlType="submit" loading={enCours} disabled={!enregistrable || enCours}>
          Enregistrer
        </Button>
      </Space>
    </div>
  );
}

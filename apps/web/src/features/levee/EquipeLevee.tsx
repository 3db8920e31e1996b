import { EQUIPE_LIBELLES, formatDateHeure, peutOuvrirTourneeEquipe, type LienEquipe, type Levee } from '@debarras/domain';
import { Alert, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { cheminDeBase } from '../../lib/base';
import { confirmer } from '../../lib/confirmation';
import { notifier } from '../../lib/notifications';
import { useNouveauLienEquipe } from './api';

const lisible = (iso: string) => formatDateHeure(new Date(iso)).slice(0, -3).replace(' - ', ' à ');

/**
 * The crews' side of a levée (gestion, admin, technique): its round as the phone shows it, and « Nouveau lien équipe »,
 * which revokes the links printed or given before (docs/regles.md « Tournée des équipes »).
 */
export function EquipeLevee({ levee }: { levee: Levee }) {
  const nouveauLien = useNouveauLienEquipe(levee.idLevee);
  const [lien, setLien] = useState<LienEquipe | null>(null);
  if (!peutOuvrirTourneeEquipe(levee)) return null;

  const renouveler = async () => {
    if (
      !(await confirmer({
        titre: EQUIPE_LIBELLES.confirmationNouveauLien,
        ok: EQUIPE_LIBELLES.nouveauLien,
        annuler: 'Annuler',
        danger: true,
      }))
    )
      return;
    const donne = await nouveauLien.mutateAsync(undefined).catch(() => undefined);
    if (donne) setLien(donne);
  };
  const copier = async () => {
    await navigator.clipboard.writeText(lien!.url);
    notifier.succes(EQUIPE_LIBELLES.copie);
  };

  return (
    <section className="equipe-levee" aria-labelledby="equipe-titre">
      <h2 id="equipe-titre" className="tournee-titre">
        {EQUIPE_LIBELLES.section}
      </h2>
      <Space wrap>
        <Button href={`${cheminDeBase()}tournee/?levee=${levee.idLevee}`} target="_blank" rel="noopener">
          {EQUIPE_LIBELLES.ouvrirTournee}
        </Button>
        <Button danger loading={nouveauLien.isPending} onClick={() => void renouveler()}>
          {EQUIPE_LIBELLES.nouveauLien}
        </Button>
      </Space>
      {lien && (
        <Alert
          className="equipe-lien"
          type="success"
          showIcon
          message={EQUIPE_LIBELLES.lienDonne}
          description={
            <>
              <Typography.Text strong copyable={false} className="equipe-url">
                {lien.url}
              </Typography.Text>
              <p>{EQUIPE_LIBELLES.lienValable(lisible(lien.valideDu), lisible(lien.valideAu))}</p>
              <Button size="small" onClick={() => void copier()}>
                {EQUIPE_LIBELLES.copier}
              </Button>
            </>
          }
        />
      )}
    </section>
  );
}

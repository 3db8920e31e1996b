import { SyncOutlined } from '@ant-design/icons';
import {
  COURRIEL_LIBELLES as C,
  TACHE_LIBELLES as L,
  TACHE_MESSAGES,
  type CodeTache,
  type EchecsCourriel,
  type Execution,
  type StatutExecution,
  type Tache,
} from '@debarras/domain';
import { Button, Card, Descriptions, Flex, Skeleton, Tag, Typography, type DescriptionsProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { TitrePage } from '../../components/TitrePage';
import { confirmer } from '../../lib/confirmation';
import { formaterDateHeure } from '../../lib/dates';
import { notifier } from '../../lib/notifications';
import { siAbouti } from '../../lib/requetes';
import { uneEnCours, useEchecsCourriel, useLancerTache, useTaches } from './api';
import { formaterDuree } from './duree';

function Resultat({ statut }: { statut: StatutExecution }) {
  if (statut === 'EN_COURS') {
    return (
      <Tag icon={<SyncOutlined spin />} color="processing">
        {L.enCours}
      </Tag>
    );
  }
  return <Tag color={statut === 'OK' ? 'success' : 'error'}>{statut === 'OK' ? L.ok : L.ko}</Tag>;
}

function elements(tache: Tache): DescriptionsProps['items'] {
  const quand = { key: 'quand', label: L.quand, children: tache.quand, span: 'filled' as const };
  const d = tache.derniere;
  if (!d) return [quand, { key: 'derniere', label: L.derniere, children: L.jamais, span: 'filled' }];
  return [
    quand,
    { key: 'debut', label: L.debut, children: formaterDateHeure(d.debut) },
    { key: 'duree', label: L.duree, children: d.dureeMs === null ? '' : formaterDuree(d.dureeMs) },
    { key: 'resultat', label: L.resultat, children: <Resultat statut={d.statut} /> },
    { key: 'declencheur', label: L.declencheur, children: d.declencheur },
    { key: 'bilan', label: L.bilan, children: d.bilan ?? '', span: 'filled' },
  ];
}

/** The failed e-mails, whoever sent them: how many in the last 24 hours, and the last one, whenever it was. */
function Courriels({ echecs }: { echecs: EchecsCourriel | undefined }) {
  const dernier = echecs?.dernier;
  const items: DescriptionsProps['items'] = [
    {
      key: 'dernieres24h',
      label: C.dernieres24h,
      children: echecs && <Tag color={echecs.dernieres24h > 0 ? 'error' : 'success'}>{echecs.dernieres24h}</Tag>,
    },
    {
      key: 'dernier',
      label: C.dernier,
      children: dernier ? `${formaterDateHeure(dernier.date)} : ${dernier.texte}` : echecs && C.aucun,
    },
  ];
  return (
    <Card role="region" aria-label={C.titre} title={C.titre} extra={<Link to="/LogEvenementListe">{C.voir}</Link>}>
      <Typography.Paragraph type="secondary">{C.description}</Typography.Paragraph>
      {/* one item a row: the count's label stays on one line beside its number */}
      <Descriptions size="small" column={1} items={items} />
    </Card>
  );
}

function annoncerFin(libelle: string, execution: Execution) {
  const texte = (message: string) => [message, execution.bilan].filter(Boolean).join(' ');
  if (execution.statut === 'OK') notifier.succes(texte(TACHE_MESSAGES.terminee(libelle)));
  else notifier.erreur(texte(TACHE_MESSAGES.enEchec(libelle)));
}

/** « Tâches planifiées » (technique): each job, its last run, and « Lancer maintenant » (docs/regles.md « Tâches planifiées »). */
export function TachesPage() {
  const taches = useTaches();
  const lancement = useLancerTache();
  const courriels = useEchecsCourriel(uneEnCours(taches.data));
  // The runs launched from this screen, one per job: their end is announced, once.
  const [suivies, setSuivies] = useState<Partial<Record<CodeTache, number>>>({});
  const annoncees = useRef(new Set<number>());

  // A short run may already be over in the read that follows its launch, hence the runs followed as a dependency.
  useEffect(() => {
    for (const { code, libelle, derniere } of taches.data ?? []) {
      if (!derniere || derniere.statut === 'EN_COURS' || derniere.idExecution !== suivies[code]) continue;
      if (annoncees.current.has(derniere.idExecution)) continue;
      annoncees.current.add(derniere.idExecution);
      annoncerFin(libelle, derniere);
    }
  }, [taches.data, suivies]);

  const lancer = async (tache: Tache) => {
    const confirme = await confirmer({
      titre: L.lancer,
      contenu: TACHE_MESSAGES.confirmation(tache.libelle),
      ok: L.lancerOk,
      annuler: L.annuler,
    });
    if (!confirme) return;
    const execution = await siAbouti(lancement.mutateAsync(tache.code));
    if (!execution) {
      // refused because it already runs elsewhere: that run is shown and followed too
      void taches.refetch();
      return;
    }
    notifier.succes(TACHE_MESSAGES.lancee(tache.libelle));
    setSuivies((actuelles) => ({ ...actuelles, [tache.code]: execution.idExecution }));
  };

  return (
    <>
      <Flex justify="space-between" align="baseline" wrap gap="small">
        <TitrePage>{L.titre}</TitrePage>
        <Link to="/LogEvenementListe">{L.voirMessages}</Link>
      </Flex>
      {taches.isPending ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap="middle">
          <Courriels echecs={courriels.data} />
          {taches.data?.map((tache) => {
            const occupee = tache.derniere?.statut === 'EN_COURS' || (lancement.isPending && lancement.variables === tache.code);
            return (
              <Card
                key={tache.code}
                role="region"
                aria-label={tache.libelle}
                title={tache.libelle}
                extra={
                  <Button
                    onClick={() => void lancer(tache)}
                    disabled={occupee}
                    loading={occupee}
                    aria-label={`${L.lancer} ${tache.libelle}`}
                  >
                    {L.lancer}
                  </Button>
                }
              >
                <Typography.Paragraph type="secondary">{tache.description}</Typography.Paragraph>
                <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} items={elements(tache)} />
              </Card>
            );
          })}
        </Flex>
      )}
    </>
  );
}

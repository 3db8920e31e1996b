import { EQUIPE_LIBELLES, RESULTAT_LIBELLES, type CodeResultat } from '@debarras/domain';
import { Tag } from 'antd';
import { urlApi } from '../../lib/base';
import { formaterDateHeure } from '../../lib/dates';

/** A result's colour beside its words (never alone): collected, partly, nothing out, no access, refused. */
export const COULEURS_RESULTAT: Record<CodeResultat, string> = {
  LEVE: 'green',
  PARTIEL: 'gold',
  ABSENT: 'default',
  INACCESSIBLE: 'red',
  REFUSE: 'red',
};

/** « 10:32 », Geneva time. */
export const heureResultat = (iso: string) => formaterDateHeure(iso).slice(-8, -3);

/** What the crew found at a stop, as a tag: « Levé à 10:32 ». */
export const EtiquetteResultat = ({ code, horodatage, par }: { code: CodeResultat; horodatage: string; par: string }) => (
  <Tag color={COULEURS_RESULTAT[code]} title={EQUIPE_LIBELLES.par(par)}>
    {EQUIPE_LIBELLES.resultat(RESULTAT_LIBELLES[code], heureResultat(horodatage))}
  </Tag>
);

/** The photo a crew took with its result, in a new tab. */
export const LienPhotoResultat = ({ idClient }: { idClient: string }) => (
  <a href={urlApi(`resultat/${idClient}/photo`)} target="_blank" rel="noopener">
    {EQUIPE_LIBELLES.voirPhoto}
  </a>
);

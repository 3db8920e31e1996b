import { EQUIPE_LIBELLES, RESULTAT_LIBELLES, type ResultatDebarras } from '@debarras/domain';
import { EtiquetteResultat, heureResultat, LienPhotoResultat } from '../../entites/resultat/EtiquetteResultat';

/** What the crew found at a stop, under its address on the levée's round: the result, its remark, its photo, its conflicts. */
export function ResultatArret({ resultat: r }: { resultat: ResultatDebarras | undefined }) {
  if (!r) return null;
  return (
    <span className="tournee-resultat">
      <EtiquetteResultat code={r.code} horodatage={r.horodatage} par={r.par} />
      {r.remarque && <span className="tournee-remarque">{r.remarque}</span>}
      {r.photo && <LienPhotoResultat idClient={r.idClient} />}
      {r.conflits.map((c) => (
        <span key={c.idClient} className="tournee-conflit">
          {EQUIPE_LIBELLES.conflit(RESULTAT_LIBELLES[c.code], heureResultat(c.horodatage), c.par)}
        </span>
      ))}
    </span>
  );
}

import { EQUIPE_LIBELLES, type Debarras, type ResultatDuDebarras as Resultat } from '@debarras/domain';
import { Space } from 'antd';
import { EtiquetteResultat, LienPhotoResultat } from '../../entites/resultat/EtiquetteResultat';

/** What the crew found at the débarras's stop, on its detail: who, when, the remark, the objects left, the photo. */
export function ResultatDuDebarras({ resultat: r, objets }: { resultat: Resultat; objets: Debarras['debarrasObjets'] }) {
  const libelle = (idObjet: number) => objets.find((o) => o.objet.idObjet === idObjet)?.objet.libelle ?? `#${idObjet}`;
  return (
    <section className="resultat-debarras" aria-labelledby="resultat-debarras-titre">
      <h2 id="resultat-debarras-titre">{EQUIPE_LIBELLES.section}</h2>
      <Space wrap>
        <EtiquetteResultat code={r.code} horodatage={r.horodatage} par={r.par} />
        <span>{EQUIPE_LIBELLES.par(r.par)}</span>
        {r.photo && <LienPhotoResultat idClient={r.idClient} />}
      </Space>
      {r.remarque && <p>{r.remarque}</p>}
      {r.objetsRestants && (
        <p>
          {EQUIPE_LIBELLES.objetsRestes} : {r.objetsRestants.map((o) => `${o.quantite} × ${libelle(o.idObjet)}`).join(', ')}
        </p>
      )}
    </section>
  );
}

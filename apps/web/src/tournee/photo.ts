import { EQUIPE_PAGE, PHOTO_OCTETS_MAX } from '@debarras/domain/equipe';

/** Sides and qualities tried in turn, until the JPEG fits the size the server keeps. */
const ESSAIS = [1600, 1280, 1024, 800].flatMap((cote) => [0.8, 0.65, 0.5].map((qualite) => ({ cote, qualite })));

/** A camera's photo resized on the phone to a JPEG of 500 KB at most: less to wait for on a weak network. */
export async function reduirePhoto(fichier: Blob): Promise<Blob> {
  let image: ImageBitmap;
  try {
    image = await createImageBitmap(fichier);
  } catch {
    throw new Error(EQUIPE_PAGE.photoIllisible);
  }
  try {
    const toile = document.createElement('canvas');
    for (const { cote, qualite } of ESSAIS) {
      const echelle = Math.min(1, cote / Math.max(image.width, image.height));
      toile.width = Math.max(1, Math.round(image.width * echelle));
      toile.height = Math.max(1, Math.round(image.height * echelle));
      toile.getContext('2d')!.drawImage(image, 0, 0, toile.width, toile.height);
      const jpeg = await new Promise<Blob | null>((resolve) => toile.toBlob(resolve, 'image/jpeg', qualite));
      if (jpeg && jpeg.size <= PHOTO_OCTETS_MAX) return jpeg;
    }
  } finally {
    image.close();
  }
  throw new Error(EQUIPE_PAGE.photoIllisible);
}

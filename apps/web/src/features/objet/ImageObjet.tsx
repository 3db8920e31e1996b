import { useState } from 'react';

/**
 * An object's icon. The catalogue stores relative urls ('icones/sofa.svg') that resolve against
 * <base href>; an absolute one is used as is. One that does not load shows nothing rather than a
 * broken image.
 */
export function ImageObjet({ url, alt, taille = 24 }: { url: string | undefined; alt: string; taille?: number }) {
  const [urlEnEchec, setUrlEnEchec] = useState<string>();
  if (!url || url === urlEnEchec) return null;
  return <img src={url} alt={alt} width={taille} height={taille} style={{ objectFit: 'contain' }} onError={() => setUrlEnEchec(url)} />;
}

/** A link to where a refused object goes; only web addresses are clickable. */
export function LienInterdit({ url }: { url: string | null }) {
  if (!url) return null;
  if (!/^https?:\/\//i.test(url)) return <>{url}</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  );
}

import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Page numbers shown around the current one; the first and last are always shown, with « … » between. */
const VOISINES = 2;

/** The pages to offer: 1 … 4 5 [6] 7 8 … 20, zero-based, `null` for a gap (never in place of a single page). */
export function pagesProposees(page: number, nombre: number): Array<number | null> {
  const proches = Array.from({ length: 2 * VOISINES + 1 }, (_, i) => page - VOISINES + i);
  const montrees = [...new Set([0, ...proches, nombre - 1])].filter((p) => p >= 0 && p < nombre).sort((a, b) => a - b);
  const pages: Array<number | null> = [];
  for (const p of montrees) {
    const precedente = pages.at(-1);
    if (typeof precedente === 'number' && p - precedente === 2) pages.push(precedente + 1);
    else if (typeof precedente === 'number' && p - precedente > 2) pages.push(null);
    pages.push(p);
  }
  return pages;
}

/**
 * « Page précédente », « Page suivante »: at the first or last page, inactive but still focusable, so that
 * pressing Enter on it up to the last page does not drop the keyboard's focus.
 */
function BoutonVoisine({
  libelle,
  inactif,
  onClick,
  children,
}: {
  libelle: string;
  inactif: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="pagination-bouton" aria-label={libelle} aria-disabled={inactif} onClick={() => !inactif && onClick()}>
      {children}
    </button>
  );
}

interface Props {
  /** Zero-based, as the server counts. */
  page: number;
  taille: number;
  total: number;
  onPage: (page: number) => void;
}

/** The list's pages: « de-à sur total », previous, the numbers, next. Buttons, so Tab and Enter reach them. */
export function PaginationListe({ page, taille, total, onPage }: Props) {
  const nombre = Math.max(1, Math.ceil(total / taille));
  const de = total === 0 ? 0 : page * taille + 1;
  const a = Math.min(total, (page + 1) * taille);
  return (
    <nav className="pagination-liste" aria-label="Pages de la liste">
      <span className="pagination-total">{`${de}-${a} sur ${total}`}</span>
      <BoutonVoisine libelle="Page précédente" inactif={page === 0} onClick={() => onPage(page - 1)}>
        <LeftOutlined />
      </BoutonVoisine>
      {pagesProposees(page, nombre).map((p, i) =>
        p === null ? (
          <span key={`saut-${i}`} className="pagination-saut" aria-hidden>
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className="pagination-bouton"
            aria-label={`Page ${p + 1}`}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => p !== page && onPage(p)}
          >
            {p + 1}
          </button>
        ),
      )}
      <BoutonVoisine libelle="Page suivante" inactif={page >= nombre - 1} onClick={() => onPage(page + 1)}>
        <RightOutlined />
      </BoutonVoisine>
    </nav>
  );
}

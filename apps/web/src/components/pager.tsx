import { CPagination } from '@coreui/react';

/** Page numbers shown around the current one; the first and last are always reachable. */
export function pageWindow(page: number, pageCount: number, radius = 2): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  const from = Math.max(2, page - radius);
  const to = Math.min(pageCount - 1, page + radius);
  pages.push(1);
  if (from > 2) pages.push('gap');
  for (let p = from; p <= to; p += 1) pages.push(p);
  if (to < pageCount - 1) pages.push('gap');
  if (pageCount > 1) pages.push(pageCount);
  return pages;
}

/**
 * Previous / numbers / Next as real buttons (CPaginationItem renders anchors without href,
 * which the keyboard cannot reach). Hidden when everything fits on one page.
 */
export function Pager({
  page,
  pageCount,
  onChange,
  label,
}: {
  page: number;
  pageCount: number;
  onChange: (page: number) => void;
  label: string;
}) {
  if (pageCount <= 1) return null;
  const item = (
    target: number,
    text: string,
    options: { current?: boolean; disabled?: boolean; srLabel?: string } = {},
  ) => (
    <li
      key={`${text}-${target}`}
      className={`page-item${options.current ? ' active' : ''}${options.disabled ? ' disabled' : ''}`}
      aria-current={options.current ? 'page' : undefined}
    >
      <button
        type="button"
        className="page-link"
        disabled={options.disabled}
        aria-label={options.srLabel}
        onClick={() => onChange(target)}
      >
        {text}
      </button>
    </li>
  );
  return (
    <CPagination aria-label={label} className="mb-0 flex-wrap">
      {item(page - 1, 'Previous', { disabled: page <= 1 })}
      {pageWindow(page, pageCount).map((entry, index) =>
        entry === 'gap' ? (
          <li key={`gap-${index}`} className="page-item disabled" aria-hidden="true">
            <span className="page-link">…</span>
          </li>
        ) : (
          item(entry, String(entry), { current: entry === page, srLabel: `Page ${entry}` })
        ),
      )}
      {item(page + 1, 'Next', { disabled: page >= pageCount })}
    </CPagination>
  );
}

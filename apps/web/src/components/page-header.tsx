import { useEffect, type ReactNode } from 'react';

export const APP_TITLE = 'Gaited Horse Registry';

/** Sets the document title too, so screen-reader users and browser tabs know where they are. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === APP_TITLE ? APP_TITLE : `${title} | ${APP_TITLE}`;
  }, [title]);
}

/** The page's h1 (one per page) with an optional lead paragraph and actions. */
export function PageHeader({
  title,
  lead,
  actions,
}: {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
      <div>
        <h1 className="h3 mb-1">{title}</h1>
        {lead && <p className="text-body-secondary mb-0">{lead}</p>}
      </div>
      {actions && <div className="d-flex gap-2">{actions}</div>}
    </div>
  );
}

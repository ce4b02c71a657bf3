import type { ReactNode } from 'react';
import { CCard, CCardBody } from '@coreui/react';

/** What a screen shows when it has nothing yet, and honestly why. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <CCard className="empty-state text-center">
      <CCardBody className="py-5 px-4">
        <h2 className="h5 mb-2">{title}</h2>
        {children && <div className="text-body-secondary mx-auto empty-state-text">{children}</div>}
      </CCardBody>
    </CCard>
  );
}

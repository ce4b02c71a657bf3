import type { ReactNode } from 'react';
import { CCard, CCardBody, CCol, CContainer, CRow } from '@coreui/react';
import { COPYRIGHT_YEAR } from '@registry/domain';
import { BrandMark } from './brand-mark';

/**
 * One centered card with brand and footer: the frame of every page outside the shell.
 * `atTop` for a card whose content arrives from the API: centred vertically, the whole card
 * would jump up when the answer lengthens it (a layout shift Lighthouse counts, issue 12).
 */
export function CenteredLayout({
  associationName,
  children,
  atTop = false,
  wide = false,
}: {
  associationName: string;
  children: ReactNode;
  atTop?: boolean;
  /** A card for wide content (the verify page's pedigree chart) instead of a form's width. */
  wide?: boolean;
}) {
  const vertical = atTop ? '' : ' justify-content-center';
  return (
    <div className={`auth-page bg-body-tertiary min-vh-100 d-flex flex-column py-4${vertical}`}>
      <CContainer>
        <CRow className="justify-content-center">
          <CCol xs={12} {...(wide ? { lg: 11, xl: 10, xxl: 9 } : { sm: 10, md: 7, lg: 5, xl: 4 })}>
            <header className="text-center mb-4">
              <BrandMark name={associationName} className="auth-brand fs-5 fw-semibold" />
            </header>
            <main>
              <CCard className="auth-card shadow-sm border-0">
                <CCardBody className="p-4">{children}</CCardBody>
              </CCard>
            </main>
            <footer className="text-center small text-body-secondary mt-4">
              {associationName} &copy; {COPYRIGHT_YEAR}
            </footer>
          </CCol>
        </CRow>
      </CContainer>
    </div>
  );
}

import './verify.css';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { CAlert, CSpinner } from '@coreui/react';
import { CenteredLayout } from '../../components/centered-layout';
import { HorseLineage } from '../../components/horse-lineage';
import { useDocumentTitle } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badges';
import { api, type ApiError } from '../../lib/api-client';
import { useAppSelector } from '../../stores/hooks';

interface Verification {
  registrationNumber: string;
  name: string;
  status: 'approved';
  verified: boolean;
  sex: string;
  color: string;
  foalYear: number;
  /** The current owners' names (nothing else about them). */
  owners: string[];
}

/** The public page behind a certificate's QR code: confirms a registration, nothing private. */
export default function VerifyPage() {
  useDocumentTitle('Verify a registration');
  const associationName = useAppSelector((state) => state.ui.associationName);
  const number = useParams().registrationNumber?.trim() ?? '';
  // The answer is kept with the number it is about: one for another number is stale.
  const [answer, setAnswer] = useState<{ number: string; data?: Verification; error?: ApiError }>();
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<Verification>(`public/verify/${encodeURIComponent(number)}`, undefined, {
        signal: controller.signal,
        skipUnauthorizedHandler: true,
      })
      .then(
        ({ data }) => setAnswer({ number, data }),
        (error: ApiError) => controller.signal.aborted || setAnswer({ number, error }),
      );
    return () => controller.abort();
  }, [number]);
  const { data, error } = answer?.number === number ? answer : {};
  const loading = !data && !error;
  return (
    <CenteredLayout associationName={associationName} atTop wide>
      <h1 className="h4 mb-3">Registration check</h1>
      {loading && !data && (
        <p role="status">
          <CSpinner as="span" size="sm" className="me-2" aria-hidden="true" />
          Checking {number}…
        </p>
      )}
      {error && !loading && (
        <CAlert color={error.status === 404 ? 'warning' : 'danger'} role="alert">
          {error.status === 404 ? (
            <>
              <strong>Not found.</strong> No approved horse has the registration number{' '}
              <strong className="text-break">{number}</strong> in the {associationName}. Check the
              number on the certificate, or contact the association office.
            </>
          ) : (
            error.error
          )}
        </CAlert>
      )}
      {data && !error && (
        <>
          <p className="mb-3">This registration is on record with the {associationName}.</p>
          <dl className="row mb-4 verify-facts">
            <dt className="col-5">Registration number</dt>
            <dd className="col-7 text-break">{data.registrationNumber}</dd>
            <dt className="col-5">Name</dt>
            <dd className="col-7">{data.name}</dd>
            <dt className="col-5">Status</dt>
            <dd className="col-7">
              <StatusBadge text="Approved" tone="success" />
            </dd>
            <dt className="col-5">Sex</dt>
            <dd className="col-7">{data.sex}</dd>
            <dt className="col-5">Color</dt>
            <dd className="col-7">{data.color}</dd>
            <dt className="col-5">Foal year</dt>
            <dd className="col-7">{data.foalYear}</dd>
            <dt className="col-5">{data.owners.length > 1 ? 'Owners' : 'Owner'}</dt>
            <dd className="col-7">{data.owners.join(' and ') || '—'}</dd>
            <dt className="col-5">Performance</dt>
            <dd className="col-7">
              {data.verified ? <StatusBadge text="VERIFIED" tone="success" /> : 'Not verified'}
            </dd>
          </dl>
          {/* The register's knowledge of its line: public, like the facts above. */}
          <HorseLineage
            registrationNumber={data.registrationNumber}
            name={data.name}
            headingLevel="h2"
          />
        </>
      )}
    </CenteredLayout>
  );
}

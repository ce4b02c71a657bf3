import { Link } from 'react-router';
import { CAlert, CCard, CCardBody } from '@coreui/react';
import { EmptyState } from '../../components/empty-state';
import { LoadError, LoadingBlock } from '../../components/load-states';
import { PageHeader } from '../../components/page-header';
import { PaymentStatusBadge } from '../../components/status-badges';
import { ROUTES } from '../../lib/routes';
import { useMemberDashboard, type MemberDashboard } from './api';
import { WelcomeCard } from './welcome-card';

function Counts({ horses }: { horses: MemberDashboard['horses'] }) {
  const figures: Array<[string, number]> = [
    ['Pending', horses.byApprovalStatus.pending],
    ['Approved', horses.byApprovalStatus.approved],
    ['Rejected', horses.byApprovalStatus.rejected],
  ];
  return (
    <section aria-labelledby="my-horses-title" className="mb-4">
      <h2 id="my-horses-title" className="h5">
        My horses
      </h2>
      <div className="row g-3">
        {figures.map(([label, count]) => (
          <div key={label} className="col-4 col-md-3 col-xl-2">
            <CCard className="h-100">
              <CCardBody className="p-3">
                <div className="small text-body-secondary">{label}</div>
                <div className="fs-4 fw-semibold">{count}</div>
              </CCardBody>
            </CCard>
          </div>
        ))}
      </div>
    </section>
  );
}

function PaymentsNeedingAction({ items }: { items: MemberDashboard['paymentsNeedingAction'] }) {
  if (items.length === 0) return null;
  return (
    <CAlert color="warning" className="mb-4">
      <h2 className="h6">Payments needing your action</h2>
      <ul className="mb-2">
        {items.map((item) => (
          <li key={item._id}>
            {item.name} <PaymentStatusBadge status={item.paymentStatus} />
            {item.actionUrl && (
              <>
                {' '}
                <a href={item.actionUrl} target="_blank" rel="noopener noreferrer">
                  Complete the payment
                  <span className="visually-hidden"> for {item.name} (opens in a new tab)</span>
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
      <Link to={ROUTES.myHorses.path}>Go to My Horses to pay</Link>
    </CAlert>
  );
}

/** The member's home: the association's news, their horses by status, what needs paying. */
export default function MemberDashboardPage() {
  const { data, error, loading, reload } = useMemberDashboard();
  return (
    <>
      <PageHeader title={ROUTES.memberDashboard.title} />
      <WelcomeCard />
      <LoadError
        lead="Your dashboard could not be loaded"
        error={error}
        loading={loading}
        onRetry={reload}
      />
      {loading && !data && <LoadingBlock label="Loading your dashboard…" />}
      {data && (
        <>
          <PaymentsNeedingAction items={data.paymentsNeedingAction} />
          <Counts horses={data.horses} />
          <section aria-labelledby="news-title">
            <h2 id="news-title" className="h5">
              News from the association
            </h2>
            {data.html.trim() ? (
              <CCard>
                {/* Rendered and sanitized by the server (no script survives); inserted as is. */}
                <CCardBody
                  className="dashboard-content"
                  dangerouslySetInnerHTML={{ __html: data.html }}
                />
              </CCard>
            ) : (
              <EmptyState title="No news from the association yet">
                News and notices appear here once the office publishes them.
              </EmptyState>
            )}
          </section>
        </>
      )}
    </>
  );
}

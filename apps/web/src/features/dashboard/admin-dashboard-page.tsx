import { lazy, Suspense, type ReactNode } from 'react';
import { CCard, CCardBody } from '@coreui/react';
import { formatUsd } from '@registry/domain';
import { LoadError, LoadingBlock } from '../../components/load-states';
import { PageHeader } from '../../components/page-header';
import { ROUTES } from '../../lib/routes';
import { useStatistics, type Statistics } from './api';
import { WelcomeCard } from './welcome-card';
import { MailProblemsCard } from '../mail/mail-problems-card';
import { OfficeNoticesCard } from '../mail/office-notices-card';

/** The charts are their own chunk: the figures show first, the drawings follow. */
const StatisticsCharts = lazy(() => import('./statistics-charts'));

function Figure({ label, children, note }: { label: string; children: ReactNode; note?: string }) {
  return (
    <div className="col-6 col-md-4 col-xl-2">
      <CCard className="h-100">
        <CCardBody className="p-3">
          <div className="small text-body-secondary">{label}</div>
          <div className="fs-4 fw-semibold">{children}</div>
          {note && <div className="small text-body-secondary">{note}</div>}
        </CCardBody>
      </CCard>
    </div>
  );
}

function Figures({ stats }: { stats: Statistics }) {
  const p = stats.payments;
  return (
    <section aria-labelledby="figures-title" className="mb-4">
      <h2 id="figures-title" className="visually-hidden">
        Figures
      </h2>
      <div className="row g-3">
        <Figure label="Active members" note={`${stats.members.inactive} inactive`}>
          {stats.members.active}
        </Figure>
        <Figure label="Pending horses">{stats.horses.pending}</Figure>
        <Figure label="Approved horses">{stats.horses.approved}</Figure>
        <Figure label="Rejected horses">{stats.horses.rejected}</Figure>
        <Figure label="Revenue this month">{formatUsd(stats.revenue.thisMonthCents)}</Figure>
        <Figure label="Revenue this year">{formatUsd(stats.revenue.thisYearCents)}</Figure>
      </div>
      <h3 className="h6 mt-4">Payments by status</h3>
      <div className="row g-3">
        <Figure label="Succeeded" note={formatUsd(p.succeeded.cents)}>
          {p.succeeded.count}
        </Figure>
        <Figure label="Processing" note={formatUsd(p.processing.cents)}>
          {p.processing.count}
        </Figure>
        <Figure label="Action required" note={formatUsd(p.requires_action.cents)}>
          {p.requires_action.count}
        </Figure>
        <Figure label="Failed" note={formatUsd(p.failed.cents)}>
          {p.failed.count}
        </Figure>
        <Figure label="Canceled" note={formatUsd(p.canceled.cents)}>
          {p.canceled.count}
        </Figure>
        <Figure label="Horses unpaid">{stats.horsesByPaymentStatus.unpaid}</Figure>
      </div>
    </section>
  );
}

/** The administrators' home: statistics (issue 6 item 4). */
export default function AdminDashboardPage() {
  const { data, error, loading, reload } = useStatistics();
  return (
    <>
      <PageHeader title={ROUTES.adminDashboard.title} />
      <WelcomeCard />
      <MailProblemsCard />
      <LoadError
        lead="The statistics could not be loaded"
        error={error}
        loading={loading}
        onRetry={reload}
      />
      {loading && !data && <LoadingBlock label="Loading statistics…" />}
      {data && (
        <>
          <Figures stats={data} />
          <Suspense fallback={<LoadingBlock label="Loading charts…" />}>
            <StatisticsCharts stats={data} />
          </Suspense>
        </>
      )}
      {/* Below the figures, once they have answered: shown at once, it was pushed down the
          screen when they arrived (a layout shift of 0.19 on a phone). */}
      {(data || error) && <OfficeNoticesCard />}
    </>
  );
}

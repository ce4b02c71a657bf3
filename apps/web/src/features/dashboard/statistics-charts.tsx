import './charts/charts.css';
import { CCard, CCardBody } from '@coreui/react';
import { formatUsd } from '@registry/domain';
import { formatUsdShort } from '../../lib/format';
import { monthLabels, type Statistics } from './api';
import { BarChart } from './charts/bar-chart';
import { SplitBar, type SplitPart } from './charts/split-bar';

/** The dashboard's three charts; its own chunk, loaded after the figures. */
export default function StatisticsCharts({ stats }: { stats: Statistics }) {
  const registrations = stats.registrationsPerMonth.map((m) => ({
    ...monthLabels(m.month),
    value: m.count,
  }));
  const revenue = stats.revenuePerMonth.map((m) => ({ ...monthLabels(m.month), value: m.cents }));
  const { card, bank, other } = stats.byMethod;
  const parts: SplitPart[] = [
    {
      label: 'Card',
      value: card.cents,
      detail: `${formatUsd(card.cents)} (${card.count})`,
      tone: 'primary',
    },
    {
      label: 'Bank (ACH)',
      value: bank.cents,
      detail: `${formatUsd(bank.cents)} (${bank.count})`,
      tone: 'info',
    },
  ];
  if (other.count > 0) {
    parts.push({
      label: 'Check, cash, other',
      value: other.cents,
      detail: `${formatUsd(other.cents)} (${other.count})`,
      tone: 'secondary',
    });
  }
  return (
    <div className="row g-3">
      <div className="col-12 col-xl-6">
        <CCard className="h-100">
          <CCardBody>
            <BarChart
              title="Registrations per month (last 12 months)"
              points={registrations}
              valueLabel="Registrations"
              minTop={5}
            />
          </CCardBody>
        </CCard>
      </div>
      <div className="col-12 col-xl-6">
        <CCard className="h-100">
          <CCardBody>
            <BarChart
              title="Revenue per month (last 12 months)"
              points={revenue}
              format={formatUsdShort}
              valueLabel="Revenue"
              minTop={10_000}
            />
          </CCardBody>
        </CCard>
      </div>
      <div className="col-12">
        <CCard>
          <CCardBody>
            <SplitBar title="Payments received: card vs bank" parts={parts} />
          </CCardBody>
        </CCard>
      </div>
    </div>
  );
}

import { CButton, CTableDataCell, CTableHeaderCell } from '@coreui/react';
import { textField } from '@registry/domain';
import { TableOrCards, horseKey } from '../../components/data-table';
import type { PublicHorseSummary } from '../../lib/horse-summaries';
import { horseDisplayName } from '../../lib/horse-types';

export interface SearchResultsProps {
  horses: readonly PublicHorseSummary[];
  busy: boolean;
  label: string;
  onView: (horse: PublicHorseSummary) => void;
}

const text = (value: string | null | undefined) => value?.trim() || '—';

function ViewButton({
  horse,
  onView,
}: {
  horse: PublicHorseSummary;
  onView: SearchResultsProps['onView'];
}) {
  return (
    <CButton size="sm" color="secondary" variant="outline" onClick={() => onView(horse)}>
      View<span className="visually-hidden"> {horseDisplayName(horse)}</span>
    </CButton>
  );
}

const COLUMNS = [
  'Name',
  'Registration No.',
  textField('sex').label,
  textField('color').label,
  'Sire',
  'Dam',
];

/** Results as a table on tablets and wider, as cards on phones. */
export function SearchResults({ horses, busy, label, onView }: SearchResultsProps) {
  return (
    <TableOrCards
      label={label}
      busy={busy}
      columns={COLUMNS}
      actions
      items={horses}
      keyOf={horseKey}
      row={(horse) => (
        <>
          <CTableHeaderCell scope="row">{horseDisplayName(horse)}</CTableHeaderCell>
          <CTableDataCell>{text(horse.registrationNum)}</CTableDataCell>
          <CTableDataCell>{text(horse.sex)}</CTableDataCell>
          <CTableDataCell>{text(horse.color)}</CTableDataCell>
          <CTableDataCell>{text(horse.sireName)}</CTableDataCell>
          <CTableDataCell>{text(horse.damName)}</CTableDataCell>
          <CTableDataCell className="text-end">
            <ViewButton horse={horse} onView={onView} />
          </CTableDataCell>
        </>
      )}
      card={(horse) => (
        <div className="d-flex align-items-start gap-2">
          <div className="flex-grow-1">
            <h2 className="h6 mb-1">{horseDisplayName(horse)}</h2>
            <p className="small mb-1">
              {text(horse.registrationNum)} · {text(horse.sex)} · {text(horse.color)}
            </p>
            <p className="small text-body-secondary mb-0">
              Sire {text(horse.sireName)} · Dam {text(horse.damName)}
            </p>
          </div>
          <ViewButton horse={horse} onView={onView} />
        </div>
      )}
    />
  );
}

import { useState } from 'react';
import { CAlert, CButton, CFormInput, CFormLabel, CFormSelect, CSpinner } from '@coreui/react';
import { COLORS, GAIT_DESIGNATIONS, SEXES, STATES } from '@registry/domain';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import type { PublicHorse } from '../../lib/horse-types';
import { ROUTES } from '../../lib/routes';
import { useDebouncedValue } from '../../lib/use-api-query';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { EMPTY_FILTERS, SEARCH_PAGE_SIZE, useHorseSearch, type HorseSearchFilters } from './api';
import { HorseDetailsDialog } from './horse-details-dialog';
import { SearchResultCards, SearchResultsTable } from './search-results';

const SELECTS: ReadonlyArray<[keyof HorseSearchFilters, string, readonly string[]]> = [
  ['color', 'Color', COLORS],
  ['sex', 'Sex', SEXES],
  ['gaitDesignation', 'Gait designation', GAIT_DESIGNATIONS],
  ['stateFoaledIn', 'State foaled in', STATES],
];

/** Approved horses of the whole registry (spec §2.1 /search-all-horses). */
export default function SearchHorsesPage() {
  const [filters, setFilters] = useState<HorseSearchFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);
  // Kept while the dialog fades out, so its content does not vanish first.
  const [selected, setSelected] = useState<PublicHorse | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const q = useDebouncedValue(filters.q, 300);
  const { data, error, loading, reload } = useHorseSearch({ ...filters, q }, page);
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / (data?.pageSize || SEARCH_PAGE_SIZE)));
  const filtered = Object.values(filters).some((value) => value.trim() !== '');
  const Results = useMediaQuery(PHONE_QUERY) ? SearchResultCards : SearchResultsTable;

  const update = (key: keyof HorseSearchFilters, value: string) => {
    setFilters((previous) => ({ ...previous, [key]: value }));
    setPage(1);
  };

  return (
    <>
      <PageHeader title={ROUTES.searchHorses.title} lead="Approved horses of the whole registry." />

      <form
        className="row g-2 align-items-end mb-3"
        role="search"
        aria-label="Search horses"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="col-12 col-lg-4">
          <CFormLabel htmlFor="search-q">Name, registration number, sire or dam</CFormLabel>
          <CFormInput
            id="search-q"
            type="search"
            value={filters.q}
            onChange={(event) => update('q', event.target.value)}
          />
        </div>
        {SELECTS.map(([key, label, options]) => (
          <div key={key} className="col-6 col-md-3 col-lg-2">
            <CFormLabel htmlFor={`search-${key}`}>{label}</CFormLabel>
            <CFormSelect
              id={`search-${key}`}
              value={filters[key]}
              onChange={(event) => update(key, event.target.value)}
            >
              <option value="">Any</option>
              {options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </CFormSelect>
          </div>
        ))}
        {filtered && (
          <div className="col-12">
            <CButton
              color="secondary"
              variant="ghost"
              size="sm"
              onClick={() => {
                setFilters(EMPTY_FILTERS);
                setPage(1);
              }}
            >
              Clear filters
            </CButton>
          </div>
        )}
      </form>

      {error && !loading && (
        <CAlert color="danger" className="d-flex flex-wrap align-items-center gap-2">
          <span>The search could not be run: {error.error}</span>
          <CButton color="danger" variant="outline" size="sm" className="ms-auto" onClick={reload}>
            Try again
          </CButton>
        </CAlert>
      )}

      {loading && !data ? (
        <div className="d-flex justify-content-center py-5" role="status">
          <CSpinner color="primary" aria-hidden="true" />
          <span className="visually-hidden">Searching…</span>
        </div>
      ) : items.length === 0 && !error ? (
        <EmptyState title={filtered ? 'No horses match this search' : 'No approved horses yet'}>
          {filtered
            ? 'Try fewer filters or another name.'
            : 'Horses appear here once the registry approves them.'}
        </EmptyState>
      ) : (
        items.length > 0 && (
          <Results
            horses={items}
            busy={loading}
            label={`Search results, page ${page} of ${pageCount}`}
            onView={(horse) => {
              setSelected(horse);
              setDetailsOpen(true);
            }}
          />
        )
      )}

      {total > 0 && (
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
          <span className="text-body-secondary small">
            {total} {total === 1 ? 'horse' : 'horses'}
          </span>
          <Pager page={page} pageCount={pageCount} onChange={setPage} label="Search result pages" />
        </div>
      )}

      <HorseDetailsDialog
        horse={selected}
        visible={detailsOpen}
        onClose={() => setDetailsOpen(false)}
      />
    </>
  );
}

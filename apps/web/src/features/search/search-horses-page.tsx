import { useState } from 'react';
import { COLORS, GAIT_DESIGNATIONS, SEXES, STATES, textField } from '@registry/domain';
import { PageHeader } from '../../components/page-header';
import { PagedList, countOf, type ListWords } from '../../components/list-states';
import {
  ClearFiltersButton,
  FilterSelect,
  ListToolbar,
  SearchField,
} from '../../components/list-toolbar';
import type { PublicHorseSummary } from '../../lib/horse-summaries';
import { useListQuery } from '../../lib/use-list-query';
import { ROUTES } from '../../lib/routes';
import { useDebouncedValue } from '../../lib/use-debounced-value';
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

/** The public fields searched by text besides the name: the owners' names and the breeder. */
const TEXT_FIELDS: ReadonlyArray<[keyof HorseSearchFilters, string]> = [
  ['owner', 'Owner'],
  ['breeder', textField('bredBy').label],
];

const WORDS: ListWords = {
  failed: 'The search could not be run',
  loading: 'Searching…',
  count: (total, more) => countOf(total, 'horse', 'horses', more),
  pager: 'Search result pages',
  none: ['No approved horses yet', 'Horses appear here once the registry approves them.'],
  noMatch: ['No horses match this search', 'Try fewer filters or another name.'],
};

/** Approved horses of the whole registry (spec §2.1 /search-all-horses). */
export default function SearchHorsesPage() {
  const { filters, page, setPage, setFilter, clearFilters } = useListQuery<HorseSearchFilters>(
    EMPTY_FILTERS,
    null,
  );
  // Kept while the dialog fades out, so its content does not vanish first.
  const [selected, setSelected] = useState<PublicHorseSummary | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const q = useDebouncedValue(filters.q, 300);
  const owner = useDebouncedValue(filters.owner, 300);
  const breeder = useDebouncedValue(filters.breeder, 300);
  const query = useHorseSearch({ ...filters, q, owner, breeder }, page);
  const filtered = Object.values(filters).some((value) => value.trim() !== '');
  const Results = useMediaQuery(PHONE_QUERY) ? SearchResultCards : SearchResultsTable;

  return (
    <>
      <PageHeader title={ROUTES.searchHorses.title} lead="Approved horses of the whole registry." />

      <ListToolbar label="Search horses">
        <SearchField
          id="search-q"
          label="Name, registration number, sire or dam"
          className="col-12 col-lg-4"
          value={filters.q}
          onChange={(value) => setFilter('q', value)}
        />
        {SELECTS.map(([key, label, options]) => (
          <FilterSelect
            key={key}
            id={`search-${key}`}
            label={label}
            className="col-6 col-md-3 col-lg-2"
            choices={options.map((option) => [option, option] as const)}
            value={filters[key]}
            onChange={(value) => setFilter(key, value)}
          />
        ))}
        {TEXT_FIELDS.map(([key, label]) => (
          <SearchField
            key={key}
            id={`search-${key}`}
            label={label}
            className="col-6 col-lg-3"
            value={filters[key]}
            onChange={(value) => setFilter(key, value)}
          />
        ))}
        {filtered && <ClearFiltersButton onClick={clearFilters} />}
      </ListToolbar>

      <PagedList
        query={query}
        paging={{ page, setPage, pageSize: SEARCH_PAGE_SIZE }}
        words={WORDS}
        filtered={filtered}
      >
        {(horses, pageCount) => (
          <Results
            horses={horses}
            busy={query.loading}
            label={`Search results, page ${page} of ${pageCount}`}
            onView={(horse) => {
              setSelected(horse);
              setDetailsOpen(true);
            }}
          />
        )}
      </PagedList>

      <HorseDetailsDialog
        summary={selected}
        visible={detailsOpen}
        onClose={() => setDetailsOpen(false)}
      />
    </>
  );
}

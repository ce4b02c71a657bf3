import { useState } from 'react';
import {
  COLORS,
  GAIT_DESIGNATIONS,
  SEXES,
  STATES,
  textField,
  type HorseTextKey,
} from '@registry/domain';
import { PageHeader } from '../../components/page-header';
import { PagedList, countOf, type ListWords } from '../../components/list-states';
import { ListToolbar } from '../../components/list-toolbar';
import { FILTER_COLUMNS, FilterFields, type FilterField } from '../../components/filter-fields';
import type { PublicHorseSummary } from '../../lib/horse-summaries';
import { useListQuery } from '../../lib/use-list-query';
import { ROUTES } from '../../lib/routes';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { EMPTY_FILTERS, SEARCH_PAGE_SIZE, useHorseSearch, type HorseSearchFilters } from './api';
import { HorseDetailsDialog } from './horse-details-dialog';
import { SearchResults } from './search-results';

/** Each select offers the domain's list of values, shown as they are, under the field's label. */
const selectOf = (
  select: keyof HorseSearchFilters & HorseTextKey,
  values: readonly string[],
): FilterField<HorseSearchFilters> => ({
  select,
  label: textField(select).label,
  column: FILTER_COLUMNS.narrow,
  choices: values.map((value) => [value, value] as const),
});

/** The name search, the selects, then the public fields searched by text: owners and breeder. */
const FIELDS: ReadonlyArray<FilterField<HorseSearchFilters>> = [
  { search: 'q', label: 'Name, registration number, sire or dam', column: FILTER_COLUMNS.wide },
  selectOf('color', COLORS),
  selectOf('sex', SEXES),
  selectOf('gaitDesignation', GAIT_DESIGNATIONS),
  selectOf('stateFoaledIn', STATES),
  { search: 'owner', label: 'Owner', column: FILTER_COLUMNS.third },
  { search: 'breeder', label: textField('bredBy').label, column: FILTER_COLUMNS.third },
];

const WORDS: ListWords = {
  rows: 'Search results',
  failed: 'The search could not be run',
  loading: 'Searching…',
  count: (total, more) => countOf(total, 'horse', 'horses', more),
  pager: 'Search result pages',
  none: ['No approved horses yet', 'Horses appear here once the registry approves them.'],
  noMatch: ['No horses match this search', 'Try fewer filters or another name.'],
};

/**
 * The answer's order, said above it: by name; a search of one or two characters finds names
 * starting with them; a longer one lists names holding its first word as a whole word first,
 * then every other match, each part by name (docs/decisions/0120-member-search-words.md).
 */
function leadFor(q: string) {
  const length = [...q.trim()].length;
  if (length === 0) return 'Approved horses of the whole registry, by name.';
  if (length < 3) return 'Approved horses whose name starts with the search, by name.';
  return 'Approved horses of the whole registry: names holding the searched word as a whole word first, then every other match, each by name.';
}

/** Approved horses of the whole registry (spec §2.1 /search-all-horses). */
export default function SearchHorsesPage() {
  const { filters, page, setPage, setFilter, clearFilters } = useListQuery<HorseSearchFilters>(
    EMPTY_FILTERS,
    null,
  );
  const paging = { page, setPage, pageSize: SEARCH_PAGE_SIZE };
  // Kept while the dialog fades out, so its content does not vanish first.
  const [selected, setSelected] = useState<PublicHorseSummary | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const q = useDebouncedValue(filters.q, 300);
  const owner = useDebouncedValue(filters.owner, 300);
  const breeder = useDebouncedValue(filters.breeder, 300);
  const query = useHorseSearch({ ...filters, q, owner, breeder }, page);
  const filtered = Object.values(filters).some((value) => value.trim() !== '');

  return (
    <>
      <PageHeader title={ROUTES.searchHorses.title} lead={leadFor(q)} />

      <ListToolbar label="Search horses" onClear={filtered ? clearFilters : undefined}>
        <FilterFields idPrefix="search" fields={FIELDS} filters={filters} setFilter={setFilter} />
      </ListToolbar>

      <PagedList query={query} paging={paging} words={WORDS} filtered={filtered}>
        {(horses, rows) => (
          <SearchResults
            horses={horses}
            {...rows}
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

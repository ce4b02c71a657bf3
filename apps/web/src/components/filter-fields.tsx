import { FilterSelect, SearchField } from './list-toolbar';

/** The grid columns the office lists give a toolbar field, widest first. */
export const FILTER_COLUMNS = {
  /** The main search box. */
  wide: 'col-12 col-lg-4',
  /** A select with a few short choices. */
  narrow: 'col-6 col-md-3 col-lg-2',
  /** A secondary text search or a select with longer choices. */
  third: 'col-6 col-lg-3',
} as const;

/** The keys of a filter set whose values are strings, the ones a text box or select can edit. */
type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F] & string;

/**
 * One toolbar field: a text search (`search`) or a select (`select`) on the filter named,
 * labelled `label`, in the grid columns `column`.
 */
export type FilterField<F> = { label: string; column: string } & (
  | { search: TextKey<F>; placeholder?: string }
  | {
      select: TextKey<F>;
      /** [value, text] pairs. */
      choices: ReadonlyArray<readonly [string, string]>;
      anyLabel?: string;
    }
);

/**
 * The search boxes and selects of a list toolbar, each bound to its filter. A list's filters
 * are described as data, so the pages share how a field is drawn and bound, and the element
 * ids follow one rule: `${idPrefix}-${filter key}`.
 */
export function FilterFields<F>({
  idPrefix,
  fields,
  filters,
  setFilter,
}: {
  idPrefix: string;
  fields: ReadonlyArray<FilterField<F>>;
  filters: F;
  setFilter: <K extends keyof F>(key: K, value: F[K]) => void;
}) {
  return fields.map((field) => {
    const key = 'search' in field ? field.search : field.select;
    const bound = {
      id: `${idPrefix}-${key}`,
      label: field.label,
      className: field.column,
      value: filters[key] as string,
      // The select's choices, or any text for a search box, are the filter's values.
      onChange: (value: string) => setFilter(key, value as F[typeof key]),
    };
    return 'search' in field ? (
      <SearchField key={key} {...bound} placeholder={field.placeholder} />
    ) : (
      <FilterSelect key={key} {...bound} choices={field.choices} anyLabel={field.anyLabel} />
    );
  });
}

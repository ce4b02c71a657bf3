import { CButton } from '@coreui/react';
import type { ApiError } from '../../lib/api-client';
import type { SortState } from '../../lib/admin-types';
import { downloadFromApi } from '../../lib/download';
import { useToast } from '../../stores/use-toast';
import { adminHorseQuery, type AdminHorseFilters, type AdminHorseSortField } from './api';

/** The export URL for what the Horse List shows: its filters and order, every page. */
export function horseExportUrl(
  filters: AdminHorseFilters,
  sort: SortState<AdminHorseSortField>,
): string {
  const { page: _page, pageSize: _pageSize, ...query } = adminHorseQuery(filters, 1, sort);
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `admin/horses/export.csv?${params.toString()}`;
}

/** "Export CSV" on the Horse List: the register as filtered, as a spreadsheet file. */
export function ExportHorsesButton({
  filters,
  sort,
}: {
  filters: AdminHorseFilters;
  sort: SortState<AdminHorseSortField>;
}) {
  const toast = useToast();
  const exportCsv = () => {
    downloadFromApi(horseExportUrl(filters, sort), 'horses.csv').catch((caught: ApiError) =>
      toast.danger(caught.error),
    );
  };
  return (
    <CButton className="text-nowrap" color="secondary" variant="outline" onClick={exportCsv}>
      Export CSV
    </CButton>
  );
}

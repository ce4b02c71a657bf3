// Kept where the exports first found it; the mark itself lives with the shared CSV helpers.
export { CSV_BOM } from '../../csv-cells.js';

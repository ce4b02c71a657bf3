/**
 * Put before every CSV export: without the UTF-8 byte-order mark Excel reads the file in the
 * machine's legacy code page and garbles accented names. Importers strip it (csv-parse `bom`).
 */
export const CSV_BOM = '\uFEFF';

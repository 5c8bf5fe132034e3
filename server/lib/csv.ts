// CSV for exports and the price list. A cell that a spreadsheet would read as a formula (starting
// with = + - @, a tab or a carriage return) gets a leading apostrophe (OWASP "CSV injection"), unless
// it is only a number: a phone in international format (+12025550101) or a signed amount cannot run
// anything, and an apostrophe would corrupt it for a CRM import.

const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: (string | number)[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

/** UTF-8 with a byte-order mark, so spreadsheet programs read Chinese names correctly. */
export const CSV_BOM = '\uFEFF';

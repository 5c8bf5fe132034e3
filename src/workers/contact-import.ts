import {
  IMPORT_ROWS_MAX,
  parseImportRow,
  type ImportAttribute,
  type ImportTarget,
} from '../gateway/contract/audience/import-rules';

// Contact files (spec 001 §5): csv, xlsx or txt, parsed in a Web Worker (contact-import.worker.ts).
// Everything here is pure so it is tested in Node; the worker only holds the rows between steps.

/** Files up to 64 MB: 500,000 rows of a few columns fit. */
export const CONTACT_FILE_MAX_BYTES = 64 * 1_048_576;
export type ContactFileKind = 'csv' | 'xlsx' | 'txt';
export type ContactFileError = 'fileType' | 'fileTooLarge' | 'fileEmpty' | 'fileParseFailed' | 'fileTooManyRows';

export class ContactFileProblem extends Error {
  constructor(readonly code: ContactFileError) {
    super(code);
    this.name = 'ContactFileProblem';
  }
}

export function contactFileKind(name: string): ContactFileKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.txt')) return 'txt';
  return null;
}

export function checkContactFile(file: { name: string; size: number }): ContactFileError | null {
  if (!contactFileKind(file.name)) return 'fileType';
  if (file.size > CONTACT_FILE_MAX_BYTES) return 'fileTooLarge';
  if (file.size === 0) return 'fileEmpty';
  return null;
}

/** RFC 4180 CSV (quotes, doubled quotes, newlines inside quotes); `delimiter` may be a tab for txt. */
export function delimitedRows(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell.trim());
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell.trim());
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell.trim());
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c !== ''));
}

/** A txt file: tab-separated when its first line has a tab, else comma-separated. */
export function txtContactRows(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  return delimitedRows(text, firstLine.includes('\t') ? '\t' : ',');
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  return String(cell).trim();
}

export async function parseContactBytes(kind: ContactFileKind, bytes: ArrayBuffer): Promise<string[][]> {
  let rows: string[][];
  try {
    if (kind === 'xlsx') {
      const { readSheet } = await import('read-excel-file/web-worker');
      rows = ((await readSheet(bytes)) as unknown[][])
        .map((row) => row.map(cellText))
        .filter((r) => r.some((c) => c !== ''));
    } else {
      const text = new TextDecoder('utf-8').decode(bytes);
      rows = kind === 'csv' ? delimitedRows(text) : txtContactRows(text);
    }
  } catch {
    throw new ContactFileProblem('fileParseFailed');
  }
  if (rows.length === 0) throw new ContactFileProblem('fileEmpty');
  if (rows.length > IMPORT_ROWS_MAX + 1) throw new ContactFileProblem('fileTooManyRows');
  return rows;
}

/** A column's destination guessed from its header ("E-mail", "phone number", "first_name"…), or ''. */
export function guessTarget(header: string): ImportTarget | '' {
  const name = header.toLowerCase().replace(/[\s_-]/g, '');
  if (/^(email|e?mail(address)?|邮箱|电子邮件)$/.test(name)) return 'email';
  if (/^(phone|mobile|phonenumber|tel|手机|手机号|电话)$/.test(name)) return 'phone';
  if (/^whatsapp/.test(name)) return 'whatsapp';
  if (/^(firstname|givenname|名)$/.test(name)) return 'firstName';
  if (/^(lastname|surname|familyname|姓)$/.test(name)) return 'lastName';
  if (/^(tags?|标签)$/.test(name)) return 'tags';
  return '';
}

export interface RowProblem {
  /** the row number in the file (1 is its first line) */
  row: number;
  target: string;
  key: string;
}

export interface ValidationSummary {
  valid: number;
  invalid: number;
  /** the first problems, for the page to show */
  problems: RowProblem[];
}

const PROBLEMS_SHOWN = 50;

/** Checks every data row with the server's own row rules (contract import-rules). */
export function validateContactRows(
  rows: readonly string[][],
  columnTargets: readonly (ImportTarget | '')[],
  headerRows: number,
  attributes: ReadonlyMap<number, ImportAttribute>,
): ValidationSummary {
  const mapped = columnTargets.flatMap((target, column) => (target ? [{ target, column }] : []));
  const targets = mapped.map((m) => m.target as ImportTarget);
  const summary: ValidationSummary = { valid: 0, invalid: 0, problems: [] };
  for (let i = headerRows; i < rows.length; i++) {
    const result = parseImportRow(
      mapped.map((m) => rows[i][m.column] ?? ''),
      targets,
      attributes,
    );
    if ('contact' in result) summary.valid++;
    else {
      summary.invalid++;
      if (summary.problems.length < PROBLEMS_SHOWN) summary.problems.push({ row: i + 1, ...result.error });
    }
  }
  return summary;
}

/** The mapped cells of data rows [from, from + size), in the order of the mapped columns. */
export function mappedChunk(
  rows: readonly string[][],
  columnTargets: readonly (ImportTarget | '')[],
  headerRows: number,
  from: number,
  size: number,
): string[][] {
  const columns = columnTargets.flatMap((target, column) => (target ? [column] : []));
  return rows.slice(headerRows + from, headerRows + from + size).map((row) => columns.map((c) => row[c] ?? ''));
}

import { readFileSync } from 'node:fs';
import { contactFileKind, parseContactBytes } from '../contact-import';

// `node --import tsx read-contact-file.ts <file>`: the import worker's own parser in a process of its
// own (tests give it a small stack), printing the row count and the last row as JSON.
const file = process.argv[2];
const bytes = readFileSync(file);
const rows = await parseContactBytes(
  contactFileKind(file)!,
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length),
);
console.log(JSON.stringify({ rows: rows.length, last: rows[rows.length - 1] }));

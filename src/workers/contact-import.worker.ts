/// <reference lib="webworker" />
import type { ImportAttribute, ImportTarget } from '../gateway/contract/audience/import-rules';
import {
  ContactFileProblem,
  contactFileKind,
  mappedChunk,
  parseContactBytes,
  validateContactRows,
  type ValidationSummary,
} from './contact-import';

// One worker per import: it reads the file, keeps its rows, checks them against a mapping and hands
// them out in chunks for the upload, so the page never holds or clones 500,000 rows.

export type ContactWorkerRequest =
  | { type: 'parse'; file: File }
  | {
      type: 'validate';
      targets: (ImportTarget | '')[];
      headerRows: number;
      attributes: [number, ImportAttribute][];
    }
  | { type: 'chunk'; targets: (ImportTarget | '')[]; headerRows: number; from: number; size: number };

export type ContactWorkerReply =
  | { type: 'progress'; ratio: number }
  | { type: 'parsed'; header: string[]; sample: string[][]; rowCount: number; columns: number }
  | { type: 'validated'; summary: ValidationSummary }
  | { type: 'chunk'; rows: string[][] }
  | { type: 'error'; code: string };

declare const self: DedicatedWorkerGlobalScope;
let rows: string[][] = [];

async function answer(request: ContactWorkerRequest): Promise<ContactWorkerReply> {
  const post = (reply: ContactWorkerReply) => self.postMessage(reply);
  switch (request.type) {
    case 'parse': {
      const kind = contactFileKind(request.file.name);
      if (!kind) throw new ContactFileProblem('fileType');
      post({ type: 'progress', ratio: 0.1 });
      const bytes = await request.file.arrayBuffer();
      post({ type: 'progress', ratio: 0.4 });
      rows = await parseContactBytes(kind, bytes);
      post({ type: 'progress', ratio: 1 });
      return {
        type: 'parsed',
        header: rows[0],
        sample: rows.slice(1, 4),
        rowCount: rows.length,
        columns: rows.reduce((most, row) => Math.max(most, row.length), 0),
      };
    }
    case 'validate':
      return {
        type: 'validated',
        summary: validateContactRows(rows, request.targets, request.headerRows, new Map(request.attributes)),
      };
    default:
      return {
        type: 'chunk',
        rows: mappedChunk(rows, request.targets, request.headerRows, request.from, request.size),
      };
  }
}

self.onmessage = async (event: MessageEvent<ContactWorkerRequest>) => {
  try {
    self.postMessage(await answer(event.data));
  } catch (error) {
    self.postMessage({ type: 'error', code: error instanceof ContactFileProblem ? error.code : 'fileParseFailed' });
  }
};

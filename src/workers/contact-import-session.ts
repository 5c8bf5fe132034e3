import type { ImportAttribute, ImportTarget } from '../gateway/contract/audience/import-rules';
import { ContactFileProblem, type ContactFileError, type ValidationSummary } from './contact-import';
import type { ContactWorkerReply, ContactWorkerRequest } from './contact-import.worker';

export interface ParsedContactFile {
  header: string[];
  sample: string[][];
  rowCount: number;
  columns: number;
}

/** The page's side of one import's worker: each call is one request and its answer, in order. */
export interface ContactFileSession {
  parse(file: File, onProgress: (ratio: number) => void): Promise<ParsedContactFile>;
  validate(
    targets: (ImportTarget | '')[],
    headerRows: number,
    attributes: [number, ImportAttribute][],
  ): Promise<ValidationSummary>;
  chunk(targets: (ImportTarget | '')[], headerRows: number, from: number, size: number): Promise<string[][]>;
  close(): void;
}

export function openContactFileSession(): ContactFileSession {
  const worker = new Worker(new URL('./contact-import.worker.ts', import.meta.url), { type: 'module' });
  let queue: Promise<unknown> = Promise.resolve();
  const ask = <T>(request: ContactWorkerRequest, onProgress?: (ratio: number) => void): Promise<T> => {
    const run = () =>
      new Promise<T>((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<ContactWorkerReply>) => {
          const reply = event.data;
          if (reply.type === 'progress') onProgress?.(reply.ratio);
          else if (reply.type === 'error') reject(new ContactFileProblem(reply.code as ContactFileError));
          else resolve(reply as T);
        };
        worker.onerror = () => reject(new ContactFileProblem('fileParseFailed'));
        worker.postMessage(request);
      });
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    parse: async (file, onProgress) => {
      const { header, sample, rowCount, columns } = await ask<Extract<ContactWorkerReply, { type: 'parsed' }>>(
        { type: 'parse', file },
        onProgress,
      );
      return { header, sample, rowCount, columns };
    },
    validate: async (targets, headerRows, attributes) =>
      (
        await ask<Extract<ContactWorkerReply, { type: 'validated' }>>({
          type: 'validate',
          targets,
          headerRows,
          attributes,
        })
      ).summary,
    chunk: async (targets, headerRows, from, size) =>
      (await ask<Extract<ContactWorkerReply, { type: 'chunk' }>>({ type: 'chunk', targets, headerRows, from, size }))
        .rows,
    close: () => worker.terminate(),
  };
}

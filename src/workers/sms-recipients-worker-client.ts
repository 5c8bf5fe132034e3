import { RecipientFileProblem, type RecipientFileError, type RecipientList } from './sms-recipients';
import { textBlobs } from './text-pieces';
import type { RecipientWorkerMessage, RecipientWorkerReply, RecipientWorkerRequest } from './sms-recipients.worker';

/** The request as posted: pasted text as Blobs built a piece per task, never cloned whole. */
async function toMessage({ source, check }: RecipientWorkerRequest): Promise<RecipientWorkerMessage> {
  return 'file' in source ? { source, check } : { source: { blobs: await textBlobs(source.text) }, check };
}

/**
 * Parses a recipient file or pasted text in a Web Worker; the worker ends when the list is done or
 * the signal aborts (a newer paste, another country, the box cleared).
 */
export function parseRecipientsInWorker(
  request: RecipientWorkerRequest,
  onProgress: (ratio: number) => void,
  signal?: AbortSignal,
): Promise<RecipientList> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sms-recipients.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => worker.terminate();
    const pieces: string[] = [];
    signal?.addEventListener('abort', () => {
      stop();
      reject(new DOMException('aborted', 'AbortError'));
    });
    worker.onmessage = (event: MessageEvent<RecipientWorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') onProgress(reply.ratio);
      else if (reply.type === 'text') pieces.push(reply.piece);
      else {
        stop();
        if (reply.type === 'done') resolve({ ...reply.list, text: pieces.join('') });
        else reject(new RecipientFileProblem(reply.code as RecipientFileError));
      }
    };
    worker.onerror = () => {
      stop();
      reject(new RecipientFileProblem('fileParseFailed'));
    };
    void toMessage(request).then((message) => {
      if (!signal?.aborted) worker.postMessage(message);
    });
  });
}

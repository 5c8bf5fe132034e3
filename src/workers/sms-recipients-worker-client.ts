import { RecipientFileProblem, type RecipientFileError, type RecipientList } from './sms-recipients';
import type { RecipientWorkerMessage, RecipientWorkerReply, RecipientWorkerRequest } from './sms-recipients.worker';

/** The request as posted: pasted text encoded once here and its bytes transferred, not cloned. */
function toMessage({ source, check }: RecipientWorkerRequest): [RecipientWorkerMessage, Transferable[]] {
  if ('file' in source) return [{ source, check }, []];
  const bytes = new TextEncoder().encode(source.text);
  return [{ source: { bytes }, check }, [bytes.buffer]];
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
    signal?.addEventListener('abort', () => {
      stop();
      reject(new DOMException('aborted', 'AbortError'));
    });
    worker.onmessage = (event: MessageEvent<RecipientWorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') onProgress(reply.ratio);
      else {
        stop();
        if (reply.type === 'done') resolve({ ...reply.list, text: new TextDecoder().decode(reply.bytes) });
        else reject(new RecipientFileProblem(reply.code as RecipientFileError));
      }
    };
    worker.onerror = () => {
      stop();
      reject(new RecipientFileProblem('fileParseFailed'));
    };
    const [message, transfer] = toMessage(request);
    worker.postMessage(message, transfer);
  });
}

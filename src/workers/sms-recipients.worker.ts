/// <reference lib="webworker" />
import { parseRecipientBytes, RecipientFileProblem, recipientFileKind, type RecipientList } from './sms-recipients';

// The Web Worker around parseRecipientBytes: reads the File here (the page only hands it over) and
// posts progress, then the list as one string.

export type RecipientWorkerRequest = { file: File };
export type RecipientWorkerReply =
  { type: 'progress'; ratio: number } | { type: 'done'; list: RecipientList } | { type: 'error'; code: string };

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (event: MessageEvent<RecipientWorkerRequest>) => {
  const { file } = event.data;
  const post = (reply: RecipientWorkerReply) => self.postMessage(reply);
  try {
    const kind = recipientFileKind(file.name);
    if (!kind) throw new RecipientFileProblem('fileType');
    post({ type: 'progress', ratio: 0 });
    const bytes = await file.arrayBuffer();
    const list = await parseRecipientBytes(kind, bytes, (ratio) => post({ type: 'progress', ratio }));
    post({ type: 'done', list });
  } catch (error) {
    post({ type: 'error', code: error instanceof RecipientFileProblem ? error.code : 'fileParseFailed' });
  }
};

/// <reference lib="webworker" />
import type { RecipientCheck } from './recipient-rules';
import {
  parsePastedList,
  parseRecipientBytes,
  RecipientFileProblem,
  recipientFileKind,
  type RecipientList,
} from './sms-recipients';
import { textPieces } from './text-pieces';

// The Web Worker around the list builder, for a file (read here: the page only hands it over) and
// for pasted text alike: posts progress, then the list. Long text never crosses in one message:
// cloning (or encoding) a 100,000-number string took the page 40-60 ms each way (issue 22 profile),
// so pasted text comes as a Blob the page built a piece per task, and the list's text goes back in
// pieces, one message (so one short task on the page) each.

export type RecipientSource = { file: File } | { text: string };
export type RecipientWorkerRequest = { source: RecipientSource; check: RecipientCheck };
/** What is posted: pasted text as Blobs, a piece each (joined here, off the page). */
export type RecipientWorkerMessage = { source: { file: File } | { blobs: Blob[] }; check: RecipientCheck };
/** `text`: a piece of the list's text, in order; `done`: the list, its text left out. */
export type RecipientWorkerReply =
  | { type: 'progress'; ratio: number }
  | { type: 'text'; piece: string }
  | { type: 'done'; list: RecipientList }
  | { type: 'error'; code: string };

declare const self: DedicatedWorkerGlobalScope;

async function parse({ source, check }: RecipientWorkerMessage, onProgress: (ratio: number) => void) {
  if ('blobs' in source) return parsePastedList(await new Blob(source.blobs).text(), check, onProgress);
  const kind = recipientFileKind(source.file.name);
  if (!kind) throw new RecipientFileProblem('fileType');
  onProgress(0);
  return parseRecipientBytes(kind, await source.file.arrayBuffer(), check, onProgress);
}

self.onmessage = async (event: MessageEvent<RecipientWorkerMessage>) => {
  const post = (reply: RecipientWorkerReply) => self.postMessage(reply);
  try {
    const list = await parse(event.data, (ratio) => post({ type: 'progress', ratio }));
    for (const piece of textPieces(list.text)) post({ type: 'text', piece });
    post({ type: 'done', list: { ...list, text: '' } });
  } catch (error) {
    post({ type: 'error', code: error instanceof RecipientFileProblem ? error.code : 'fileParseFailed' });
  }
};

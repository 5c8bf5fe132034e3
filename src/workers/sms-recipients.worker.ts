/// <reference lib="webworker" />
import type { RecipientCheck } from './recipient-rules';
import {
  parsePastedList,
  parseRecipientBytes,
  RecipientFileProblem,
  recipientFileKind,
  type RecipientList,
} from './sms-recipients';

// The Web Worker around the list builder, for a file (read here: the page only hands it over) and
// for pasted text alike: posts progress, then the list. Text crosses as UTF-8 bytes, transferred
// both ways: cloning a 100,000-number string took the page 40-60 ms each way (issue 22 profile).

export type RecipientSource = { file: File } | { text: string };
export type RecipientWorkerRequest = { source: RecipientSource; check: RecipientCheck };
/** What is posted: pasted text as transferred bytes. */
export type RecipientWorkerMessage = { source: { file: File } | { bytes: Uint8Array }; check: RecipientCheck };
/** `done`: the list without its text, which comes as `bytes` (transferred). */
export type RecipientWorkerReply =
  | { type: 'progress'; ratio: number }
  | { type: 'done'; list: RecipientList; bytes: Uint8Array }
  | { type: 'error'; code: string };

declare const self: DedicatedWorkerGlobalScope;

async function parse({ source, check }: RecipientWorkerMessage, onProgress: (ratio: number) => void) {
  if ('bytes' in source) return parsePastedList(new TextDecoder().decode(source.bytes), check, onProgress);
  const kind = recipientFileKind(source.file.name);
  if (!kind) throw new RecipientFileProblem('fileType');
  onProgress(0);
  return parseRecipientBytes(kind, await source.file.arrayBuffer(), check, onProgress);
}

self.onmessage = async (event: MessageEvent<RecipientWorkerMessage>) => {
  const post = (reply: RecipientWorkerReply, transfer: Transferable[] = []) => self.postMessage(reply, transfer);
  try {
    const list = await parse(event.data, (ratio) => post({ type: 'progress', ratio }));
    const bytes = new TextEncoder().encode(list.text);
    post({ type: 'done', list: { ...list, text: '' }, bytes }, [bytes.buffer]);
  } catch (error) {
    post({ type: 'error', code: error instanceof RecipientFileProblem ? error.code : 'fileParseFailed' });
  }
};

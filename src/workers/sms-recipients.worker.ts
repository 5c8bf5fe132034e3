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
// for pasted text alike: posts progress, then the list as one string.

export type RecipientSource = { file: File } | { text: string };
export type RecipientWorkerRequest = { source: RecipientSource; check: RecipientCheck };
export type RecipientWorkerReply =
  { type: 'progress'; ratio: number } | { type: 'done'; list: RecipientList } | { type: 'error'; code: string };

declare const self: DedicatedWorkerGlobalScope;

async function parse({ source, check }: RecipientWorkerRequest, onProgress: (ratio: number) => void) {
  if ('text' in source) return parsePastedList(source.text, check, onProgress);
  const kind = recipientFileKind(source.file.name);
  if (!kind) throw new RecipientFileProblem('fileType');
  onProgress(0);
  return parseRecipientBytes(kind, await source.file.arrayBuffer(), check, onProgress);
}

self.onmessage = async (event: MessageEvent<RecipientWorkerRequest>) => {
  const post = (reply: RecipientWorkerReply) => self.postMessage(reply);
  try {
    post({ type: 'done', list: await parse(event.data, (ratio) => post({ type: 'progress', ratio })) });
  } catch (error) {
    post({ type: 'error', code: error instanceof RecipientFileProblem ? error.code : 'fileParseFailed' });
  }
};

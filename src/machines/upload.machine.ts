import { assign, fromCallback, fromPromise, setup, type AnyEventObject } from 'xstate';
import { call, GatewayError } from '../gateway/client/call';
import {
  checkUpload,
  uploadTypeOf,
  DEFAULT_UPLOAD_ACCEPT,
  UPLOAD_AUTH_TTL_SECONDS,
  type UploadRejection,
} from '../gateway/contract/actions/upload-rules';
import { looksLike, SNIFF_BYTES } from '../gateway/contract/file-signatures';
import { hashInWorker, putWithProgress } from '../workers/upload-transport';

// Spec 000 §7: check, hash in 2 MB chunks, ask for an authorisation, PUT with progress; on failure
// AMCLOUD_SUBMIT_SEND_FILE_FAILED (RetCode UploadFailed) is shown and loading stops. One actor per
// file field; every later area reuses this machine. The hashing and sending actors touch Worker and
// XMLHttpRequest only when they run, so the machine itself holds no DOM (tests provide their own).

/** A picked file: a Blob with a name (a browser File). */
export type UploadFile = Blob & { name: string };

export interface UploadGrant {
  Authorization: string;
  Address: string;
  FileId: string;
  MediaURL: string;
}

export interface UploadContext {
  accept: readonly string[];
  maxBytes?: number;
  maxNameLength?: number;
  file: UploadFile | null;
  contentType: string;
  /** 0..1 */
  hashProgress: number;
  sendProgress: number;
  md5: string | null;
  grant: UploadGrant | null;
  result: { fileId: string; mediaUrl: string } | null;
  rejection: UploadRejection | null;
  /** the server's reason, shown under "Upload failed" */
  failure: string | null;
  /** the server's RetCode for a refused authorisation (17202: the library is full), else null */
  failureCode: number | null;
  /** set for a content-library upload: its space is reserved when the upload is authorised */
  library: UploadLibraryTarget | null;
}

export interface UploadLibraryTarget {
  /** the folder the file goes into; null: the top level */
  folderId: string | null;
}

export type UploadEvent =
  | { type: 'file.select'; file: UploadFile }
  | { type: 'upload.cancel' }
  | { type: 'upload.retry' }
  | { type: 'upload.reset' }
  | { type: 'hash.progress'; loaded: number; total: number }
  | { type: 'hash.done'; md5: string }
  | { type: 'hash.failed'; reason: string }
  | { type: 'send.progress'; loaded: number; total: number }
  | { type: 'send.done'; fileId: string; mediaUrl: string }
  | { type: 'send.failed'; reason: string };

export interface UploadInput {
  /** Content-Types this field takes; default: images and .xlsx */
  accept?: readonly string[];
  /** a lower limit than 10,485,760 bytes */
  maxBytes?: number;
  /** the field's own limit on the file name, in characters */
  maxNameLength?: number;
  /** a content-library upload (reserves the account's space before any byte is sent) */
  library?: UploadLibraryTarget;
}

const ratio = (loaded: number, total: number) => (total > 0 ? Math.min(1, loaded / total) : 0);

const uploadSetup = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
  },
  actors: {
    readHead: fromPromise(
      async ({ input }: { input: { file: UploadFile } }) =>
        new Uint8Array(await input.file.slice(0, SNIFF_BYTES).arrayBuffer()),
    ),
    hashFile: fromCallback<AnyEventObject, { file: UploadFile }>(({ input, sendBack }) =>
      hashInWorker(input.file, {
        progress: (loaded, total) => sendBack({ type: 'hash.progress', loaded, total }),
        done: (md5) => sendBack({ type: 'hash.done', md5 }),
        failed: (reason) => sendBack({ type: 'hash.failed', reason }),
      }),
    ),
    authorize: fromPromise(
      ({
        input,
        signal,
      }: {
        input: { name: string; contentType: string; md5: string; size: number; library: UploadLibraryTarget | null };
        signal: AbortSignal;
      }) =>
        call(
          'GetUploadAuthorization',
          {
            ExpiryDate: Math.floor(Date.now() / 1000) + UPLOAD_AUTH_TTL_SECONDS,
            FileName: input.name,
            FileType: input.contentType,
            MD5value: input.md5,
            ...(input.library ? { Library: { FolderId: input.library.folderId, FileSize: input.size } } : {}),
          },
          { signal, silent: true },
        ),
    ),
    sendFile: fromCallback<AnyEventObject, { file: UploadFile; grant: UploadGrant; md5: string; contentType: string }>(
      ({ input, sendBack }) =>
        putWithProgress(input, {
          progress: (loaded, total) => sendBack({ type: 'send.progress', loaded, total }),
          done: (fileId, mediaUrl) => sendBack({ type: 'send.done', fileId, mediaUrl }),
          failed: (reason) => sendBack({ type: 'send.failed', reason }),
        }),
    ),
  },
  guards: {
    headMatchesType: ({ context }, params: { head: Uint8Array }) => looksLike(context.contentType, params.head),
    isAcceptable: ({ context }, params: { file: UploadFile }) =>
      checkUpload(params.file, context.accept, context.maxBytes, context.maxNameLength) === null,
  },
  actions: {
    takeFile: assign((_, params: { file: UploadFile }) => ({
      file: params.file,
      contentType: uploadTypeOf(params.file.name, params.file.type) ?? '',
      hashProgress: 0,
      sendProgress: 0,
      md5: null,
      grant: null,
      result: null,
      rejection: null,
      failure: null,
      failureCode: null,
    })),
    rejectFile: assign(({ context }, params: { file: UploadFile }) => ({
      file: null,
      result: null,
      failure: null,
      failureCode: null,
      rejection: checkUpload(params.file, context.accept, context.maxBytes, context.maxNameLength),
    })),
    restart: assign({
      hashProgress: 0,
      sendProgress: 0,
      md5: null,
      grant: null,
      result: null,
      failure: null,
      failureCode: null,
    }),
    clear: assign({
      file: null,
      hashProgress: 0,
      sendProgress: 0,
      md5: null,
      grant: null,
      result: null,
      rejection: null,
      failure: null,
      failureCode: null,
    }),
    noteHashProgress: assign((_, params: { loaded: number; total: number }) => ({
      hashProgress: ratio(params.loaded, params.total),
    })),
    noteSendProgress: assign((_, params: { loaded: number; total: number }) => ({
      sendProgress: ratio(params.loaded, params.total),
    })),
    keepMd5: assign((_, params: { md5: string }) => ({ md5: params.md5, hashProgress: 1 })),
    keepGrant: assign((_, grant: UploadGrant) => ({ grant })),
    keepResult: assign((_, params: { fileId: string; mediaUrl: string }) => ({ result: params, sendProgress: 1 })),
    noteFailure: assign((_, params: { reason: string; code?: number }) => ({
      failure: params.reason,
      failureCode: params.code ?? null,
    })),
    rejectContent: assign({
      file: null,
      result: null,
      failure: null,
      failureCode: null,
      rejection: 'content' as const,
    }),
  },
});

// A new file can be picked whenever nothing is running (cancel first while it runs).
const selectFile = [
  {
    guard: { type: 'isAcceptable', params: ({ event }: { event: { file: UploadFile } }) => ({ file: event.file }) },
    target: 'checkingContent',
    actions: { type: 'takeFile', params: ({ event }: { event: { file: UploadFile } }) => ({ file: event.file }) },
  },
  {
    target: 'rejected',
    actions: { type: 'rejectFile', params: ({ event }: { event: { file: UploadFile } }) => ({ file: event.file }) },
  },
] as const;

export const uploadMachine = uploadSetup.createMachine({
  id: 'upload',
  context: ({ input }) => ({
    accept: input?.accept ?? DEFAULT_UPLOAD_ACCEPT,
    maxBytes: input?.maxBytes,
    maxNameLength: input?.maxNameLength,
    file: null,
    contentType: '',
    hashProgress: 0,
    sendProgress: 0,
    md5: null,
    grant: null,
    result: null,
    rejection: null,
    failure: null,
    failureCode: null,
    library: input?.library ?? null,
  }),
  initial: 'idle',
  states: {
    idle: { on: { 'file.select': selectFile } },
    rejected: { on: { 'file.select': selectFile, 'upload.reset': { target: 'idle', actions: 'clear' } } },
    // The first bytes, before any hashing: a file that can never pass is rejected (no retry).
    checkingContent: {
      invoke: {
        id: 'readHead',
        src: 'readHead',
        input: ({ context }) => ({ file: context.file! }),
        onDone: [
          { guard: { type: 'headMatchesType', params: ({ event }) => ({ head: event.output }) }, target: 'hashing' },
          { target: 'rejected', actions: 'rejectContent' },
        ],
        onError: { target: 'failed', actions: { type: 'noteFailure', params: { reason: '' } } },
      },
      on: { 'upload.cancel': 'cancelled' },
    },
    hashing: {
      invoke: { id: 'hashFile', src: 'hashFile', input: ({ context }) => ({ file: context.file! }) },
      on: {
        'hash.progress': { actions: { type: 'noteHashProgress', params: ({ event }) => event } },
        'hash.done': { target: 'authorizing', actions: { type: 'keepMd5', params: ({ event }) => event } },
        'hash.failed': { target: 'failed', actions: { type: 'noteFailure', params: ({ event }) => event } },
        'upload.cancel': 'cancelled',
      },
    },
    authorizing: {
      invoke: {
        id: 'authorize',
        src: 'authorize',
        input: ({ context }) => ({
          name: context.file!.name,
          contentType: context.contentType,
          md5: context.md5!,
          size: context.file!.size,
          library: context.library,
        }),
        onDone: { target: 'sending', actions: { type: 'keepGrant', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: {
            type: 'noteFailure',
            params: ({ event }) => ({
              reason: event.error instanceof Error ? event.error.message : '',
              code: event.error instanceof GatewayError ? event.error.retCode : undefined,
            }),
          },
        },
      },
      on: { 'upload.cancel': 'cancelled' },
    },
    sending: {
      invoke: {
        id: 'sendFile',
        src: 'sendFile',
        input: ({ context }) => ({
          file: context.file!,
          grant: context.grant!,
          md5: context.md5!,
          contentType: context.contentType,
        }),
      },
      on: {
        'send.progress': { actions: { type: 'noteSendProgress', params: ({ event }) => event } },
        'send.done': {
          target: 'done',
          actions: { type: 'keepResult', params: ({ event }) => ({ fileId: event.fileId, mediaUrl: event.mediaUrl }) },
        },
        'send.failed': { target: 'failed', actions: { type: 'noteFailure', params: ({ event }) => event } },
        'upload.cancel': 'cancelled',
      },
    },
    done: { on: { 'file.select': selectFile, 'upload.reset': { target: 'idle', actions: 'clear' } } },
    failed: {
      on: {
        'file.select': selectFile,
        'upload.retry': { target: 'hashing', actions: 'restart' },
        'upload.reset': { target: 'idle', actions: 'clear' },
      },
    },
    cancelled: {
      on: {
        'file.select': selectFile,
        'upload.retry': { target: 'hashing', actions: 'restart' },
        'upload.reset': { target: 'idle', actions: 'clear' },
      },
    },
  },
});

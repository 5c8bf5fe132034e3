import { assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  appendImportRowsMutation,
  createImportMutation,
  importProgressMutation,
  startImportMutation,
} from '../gateway/client/mutations/audience';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import {
  IMPORT_CHUNK_ROWS,
  mappingProblem,
  type ImportAttribute,
  type ImportTarget,
} from '../gateway/contract/audience/import-rules';
import type { ImportSummary } from '../gateway/contract/actions/audience-imports';
import type { ContactAttribute } from '../gateway/contract/audience/contact-fields';
import { checkContactFile, guessTarget, type ValidationSummary } from '../workers/contact-import';
import type { ContactFileSession, ParsedContactFile } from '../workers/contact-import-session';

// Contact import (issue 12 §5, spec 001 §5): choose a file → parse it in a worker → map its columns →
// validate every row with the server's rules → upload the mapped rows in chunks → the server's import
// job → done (created / updated / skipped, row errors to download) or failed (what was imported stays).

export interface ContactImportContext {
  client: QueryClient | null;
  /** Opens the worker of one file (the page passes the real one; tests a fake). */
  openSession: (() => ContactFileSession) | null;
  session: ContactFileSession | null;
  attributes: ContactAttribute[];
  fileName: string;
  /** why the file was refused: a `audience:import.fileErrors.*` code */
  fileError: string | null;
  parsed: ParsedContactFile | null;
  /** one entry per column of the file: where it goes, or '' for not imported */
  targets: (ImportTarget | '')[];
  /** the first line names the columns */
  headerRow: boolean;
  listId: number | null;
  tags: string[];
  validation: ValidationSummary | null;
  importId: string | null;
  sentRows: number;
  summary: ImportSummary | null;
  /** the refusal of a step (the server's words), shown where it happened */
  error: unknown;
}

export type ContactImportEvent =
  | { type: 'file.choose'; file: File }
  | { type: 'attributes.set'; attributes: ContactAttribute[] }
  | { type: 'mapping.set'; column: number; target: ImportTarget | '' }
  | { type: 'header.toggle' }
  | { type: 'list.choose'; listId: number | null }
  | { type: 'tags.set'; tags: string[] }
  | { type: 'mapping.confirm' }
  | { type: 'mapping.edit' }
  | { type: 'import.start' }
  | { type: 'upload.progress'; sentRows: number }
  | { type: 'upload.done'; importId: string }
  | { type: 'upload.failed'; error: unknown }
  | { type: 'import.progress'; summary: ImportSummary }
  | { type: 'import.finished'; summary: ImportSummary }
  | { type: 'import.lost'; error: unknown }
  | { type: 'import.again' };

const mappedTargets = (targets: (ImportTarget | '')[]) => targets.filter((t): t is ImportTarget => t !== '');
export const dataRows = (context: Pick<ContactImportContext, 'parsed' | 'headerRow'>) =>
  Math.max(0, (context.parsed?.rowCount ?? 0) - (context.headerRow ? 1 : 0));
/** What is wrong with the mapping (an i18n key), or null: the view shows it, the guard enforces it. */
export const currentMappingProblem = (context: Pick<ContactImportContext, 'targets' | 'parsed' | 'headerRow'>) =>
  dataRows(context) === 0 ? 'validation:importEmpty' : mappingProblem(mappedTargets(context.targets));
const attributeEntries = (attributes: ContactAttribute[]): [number, ImportAttribute][] =>
  attributes.map((a) => [a.AttributeId, { type: a.Type, values: a.Values }]);

interface UploadInput {
  client: QueryClient;
  session: ContactFileSession;
  fileName: string;
  targets: (ImportTarget | '')[];
  headerRow: boolean;
  total: number;
  listId: number | null;
  tags: string[];
}

export const contactImportMachine = setup({
  types: {
    context: {} as ContactImportContext,
    events: {} as ContactImportEvent,
    input: {} as { client?: QueryClient; openSession?: () => ContactFileSession },
  },
  actors: {
    parseFile: fromPromise(async ({ input }: { input: { session: ContactFileSession; file: File } }) =>
      input.session.parse(input.file, () => undefined),
    ),
    validateRows: fromPromise(
      ({
        input,
      }: {
        input: {
          session: ContactFileSession;
          targets: (ImportTarget | '')[];
          headerRow: boolean;
          attributes: ContactAttribute[];
        };
      }) => input.session.validate(input.targets, input.headerRow ? 1 : 0, attributeEntries(input.attributes)),
    ),
    uploadRows: fromCallback<ContactImportEvent, UploadInput>(({ input, sendBack }) => {
      let stopped = false;
      const run = async () => {
        const mapped = mappedTargets(input.targets);
        const { ImportId } = await runMutation(input.client, createImportMutation(), {
          FileName: input.fileName,
          Targets: mapped,
          TotalRows: input.total,
          HeaderRows: input.headerRow ? 1 : 0,
          ...(input.listId ? { ListId: input.listId } : {}),
          Tags: input.tags,
        });
        for (let from = 0; from < input.total && !stopped; from += IMPORT_CHUNK_ROWS) {
          const rows = await input.session.chunk(input.targets, input.headerRow ? 1 : 0, from, IMPORT_CHUNK_ROWS);
          await runMutation(input.client, appendImportRowsMutation(), { ImportId, FirstRow: from, Rows: rows });
          sendBack({ type: 'upload.progress', sentRows: Math.min(input.total, from + rows.length) });
        }
        if (stopped) return;
        await runMutation(input.client, startImportMutation(input.client), ImportId);
        sendBack({ type: 'upload.done', importId: ImportId });
      };
      run().catch((error: unknown) => !stopped && sendBack({ type: 'upload.failed', error }));
      return () => {
        stopped = true;
      };
    }),
    watchImport: fromCallback<ContactImportEvent, { client: QueryClient; importId: string }>(({ input, sendBack }) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const poll = async () => {
        try {
          const { Import } = await runMutation(input.client, importProgressMutation(input.client), input.importId);
          if (Import.Status === 'done' || Import.Status === 'failed')
            return sendBack({ type: 'import.finished', summary: Import });
          sendBack({ type: 'import.progress', summary: Import });
        } catch (error) {
          return sendBack({ type: 'import.lost', error });
        }
        timer = setTimeout(() => void poll(), 1_000);
      };
      void poll();
      return () => clearTimeout(timer);
    }),
  },
  guards: {
    fileAcceptable: (_, params: { file: File }) => checkContactFile(params.file) === null,
    mappingValid: ({ context }) => currentMappingProblem(context) === null,
    hasValidRows: ({ context }) => (context.validation?.valid ?? 0) > 0,
    importSucceeded: (_, params: { summary: ImportSummary }) => params.summary.Status === 'done',
  },
  actions: {
    openFile: assign(({ context }, params: { file: File }) => {
      context.session?.close();
      return {
        fileName: params.file.name,
        fileError: null,
        session: context.openSession?.() ?? null,
        parsed: null,
        validation: null,
        error: null,
      };
    }),
    refuseFile: assign((_, params: { file: File }) => ({
      fileName: params.file.name,
      fileError: checkContactFile(params.file),
    })),
    rememberParsed: assign((_, params: { parsed: ParsedContactFile }) => ({
      parsed: params.parsed,
      targets: Array.from({ length: params.parsed.columns }, (_, i) => guessTarget(params.parsed.header[i] ?? '')),
      headerRow: params.parsed.header.some((cell) => guessTarget(cell) !== ''),
    })),
    rememberParseError: assign((_, params: { error: unknown }) => ({
      fileError: (params.error as { code?: string })?.code ?? 'fileParseFailed',
    })),
    setTarget: assign(({ context }, params: { column: number; target: ImportTarget | '' }) => ({
      targets: context.targets.map((t, i) => (i === params.column ? params.target : t)),
    })),
    toggleHeader: assign(({ context }) => ({ headerRow: !context.headerRow })),
    setAttributes: assign((_, params: { attributes: ContactAttribute[] }) => ({ attributes: params.attributes })),
    setList: assign((_, params: { listId: number | null }) => ({ listId: params.listId })),
    setTags: assign((_, params: { tags: string[] }) => ({ tags: params.tags })),
    rememberValidation: assign((_, params: { validation: ValidationSummary }) => ({
      validation: params.validation,
      error: null,
    })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    rememberSent: assign((_, params: { sentRows: number }) => ({ sentRows: params.sentRows })),
    rememberImport: assign((_, params: { importId: string }) => ({ importId: params.importId })),
    rememberSummary: assign((_, params: { summary: ImportSummary }) => ({ summary: params.summary })),
    reset: assign(({ context }) => {
      context.session?.close();
      return {
        session: null,
        fileName: '',
        fileError: null,
        parsed: null,
        targets: [],
        validation: null,
        importId: null,
        sentRows: 0,
        summary: null,
        error: null,
      };
    }),
  },
}).createMachine({
  id: 'contactImport',
  context: ({ input }) => ({
    client: input.client ?? null,
    openSession: input.openSession ?? null,
    session: null,
    attributes: [],
    fileName: '',
    fileError: null,
    parsed: null,
    targets: [],
    headerRow: true,
    listId: null,
    tags: [],
    validation: null,
    importId: null,
    sentRows: 0,
    summary: null,
    error: null,
  }),
  on: {
    'attributes.set': { actions: { type: 'setAttributes', params: ({ event }) => ({ attributes: event.attributes }) } },
  },
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'file.choose': [
          {
            guard: { type: 'fileAcceptable', params: ({ event }) => ({ file: event.file }) },
            target: 'parsing',
            actions: { type: 'openFile', params: ({ event }) => ({ file: event.file }) },
          },
          { actions: { type: 'refuseFile', params: ({ event }) => ({ file: event.file }) } },
        ],
      },
    },
    parsing: {
      invoke: {
        id: 'parseFile',
        src: 'parseFile',
        input: ({ context, event }) => ({ session: context.session!, file: (event as { file: File }).file }),
        onDone: {
          target: 'mapping',
          actions: { type: 'rememberParsed', params: ({ event }) => ({ parsed: event.output }) },
        },
        onError: {
          target: 'choosing',
          actions: { type: 'rememberParseError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    mapping: {
      on: {
        'mapping.set': {
          actions: { type: 'setTarget', params: ({ event }) => ({ column: event.column, target: event.target }) },
        },
        'header.toggle': { actions: 'toggleHeader' },
        'list.choose': { actions: { type: 'setList', params: ({ event }) => ({ listId: event.listId }) } },
        'tags.set': { actions: { type: 'setTags', params: ({ event }) => ({ tags: event.tags }) } },
        'mapping.confirm': { guard: 'mappingValid', target: 'validating' },
        'import.again': { target: 'choosing', actions: 'reset' },
      },
    },
    validating: {
      invoke: {
        id: 'validateRows',
        src: 'validateRows',
        input: ({ context }) => ({
          session: context.session!,
          targets: context.targets,
          headerRow: context.headerRow,
          attributes: context.attributes,
        }),
        onDone: {
          target: 'reviewing',
          actions: { type: 'rememberValidation', params: ({ event }) => ({ validation: event.output }) },
        },
        onError: {
          target: 'mapping',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    reviewing: {
      on: {
        'import.start': { guard: 'hasValidRows', target: 'uploading' },
        'mapping.edit': 'mapping',
      },
    },
    uploading: {
      invoke: {
        id: 'uploadRows',
        src: 'uploadRows',
        input: ({ context }) => ({
          client: context.client!,
          session: context.session!,
          fileName: context.fileName,
          targets: context.targets,
          headerRow: context.headerRow,
          total: dataRows(context),
          listId: context.listId,
          tags: context.tags,
        }),
      },
      on: {
        'upload.progress': { actions: { type: 'rememberSent', params: ({ event }) => ({ sentRows: event.sentRows }) } },
        'upload.done': {
          target: 'importing',
          actions: { type: 'rememberImport', params: ({ event }) => ({ importId: event.importId }) },
        },
        'upload.failed': {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    importing: {
      invoke: {
        id: 'watchImport',
        src: 'watchImport',
        input: ({ context }) => ({ client: context.client!, importId: context.importId! }),
      },
      on: {
        'import.progress': {
          actions: { type: 'rememberSummary', params: ({ event }) => ({ summary: event.summary }) },
        },
        'import.finished': [
          {
            guard: { type: 'importSucceeded', params: ({ event }) => ({ summary: event.summary }) },
            target: 'done',
            actions: { type: 'rememberSummary', params: ({ event }) => ({ summary: event.summary }) },
          },
          {
            target: 'failed',
            actions: { type: 'rememberSummary', params: ({ event }) => ({ summary: event.summary }) },
          },
        ],
        'import.lost': {
          target: 'failed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    done: { on: { 'import.again': { target: 'choosing', actions: 'reset' } } },
    failed: { on: { 'import.again': { target: 'choosing', actions: 'reset' } } },
  },
});

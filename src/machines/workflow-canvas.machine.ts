import { assign, fromPromise, raise, setup } from 'xstate';
import { call, GatewayError } from '../gateway/client/call';
import { failureText } from '../gateway/client/failures';
import type { WorkflowData } from '../gateway/contract/actions/workflows';
import { RetCode } from '../gateway/contract/retcodes';
import { journeyToElkGraph, positionsFromLayout } from '../workers/journey-layout';
import {
  EMPTY_DOCUMENT,
  type NodeConfig,
  type NodeKind,
  type WorkflowDocument,
} from '../gateway/contract/workflow/document';
import { applyEdit, checkEdit, type WorkflowEdit } from '../gateway/contract/workflow/edits';
import type { WorkflowIssue } from '../gateway/contract/workflow/rules';

// The workflow canvas of /mkthub/createworkflow, editworkflow/{SeqId}, copyworkflow/{SeqId} and
// workflowpreview/{SeqId} (issue 14 item 1). The machine OWNS the document: every edit is an event, an
// edit that would break a rule is refused by the guard with its reason (shown at the node), every
// accepted edit can be undone and redone, and the draft is saved a moment after the last edit.
// Leaving with unsaved changes asks first (spec 001 §2, the canvas editor's exit confirmation).
// Tidy-up lays the journey out with elk in the layout worker and applies it as one `nodes.arrange` edit
// (one undo step). A running or paused journey is not autosaved: its saves are new versions contacts
// enter, so edits wait in `held` for Save, and the view diffs them against the running version.
// Every save names the revision the canvas last had: a save made in another tab or by a teammate since
// then is refused, and `conflict` asks whether to load that version or save these edits over it.

export type WorkflowCanvasMode = 'create' | 'edit' | 'copy' | 'preview';
type Position = { x: number; y: number };
type Positions = Record<string, Position>;
/** The frozen version a running or paused journey's new entrants take. */
export type RunningVersion = NonNullable<WorkflowData['Running']>;

/** Autosave waits this long after the last edit. */
export const AUTOSAVE_MS = 2_000;
/** Undo keeps at most this many steps. */
export const HISTORY_LIMIT = 1_000;

export interface WorkflowCanvasContext {
  mode: WorkflowCanvasMode;
  /** The workflow loaded (edit, copy, preview). */
  sourceId: string | null;
  /** The draft this canvas saves to (null until a new or copied draft is first saved). */
  seqId: string | null;
  /** The draft's revision as this canvas last loaded or saved it (null: the next save overwrites). */
  revision: number | null;
  name: string;
  document: WorkflowDocument;
  past: WorkflowDocument[];
  future: WorkflowDocument[];
  /** What the server has: dirty while the document or the name differ. */
  savedDocument: WorkflowDocument | null;
  savedName: string | null;
  /** The number the next node or edge id gets. */
  nextId: number;
  /** What the save under way sends (it becomes the saved state when the server has it). */
  inFlight: { name: string; document: WorkflowDocument } | null;
  /** Why the last edit was refused. */
  refusal: WorkflowIssue | null;
  error: string | null;
  /** Set while editing a running or paused journey (never for a copy). */
  running: RunningVersion | null;
  /** The last tidy-up failed (elk or its worker). */
  layoutFailed: boolean;
}

export type WorkflowCanvasEditEvent =
  | { type: 'node.add'; kind: NodeKind; position: Position }
  | { type: 'node.move'; id: string; position: Position }
  | { type: 'node.configure'; id: string; config: NodeConfig }
  | { type: 'node.delete'; id: string }
  | { type: 'edge.connect'; source: string; target: string; branch?: 'yes' | 'no' }
  | { type: 'edge.delete'; id: string }
  | { type: 'nodes.arrange'; positions: Positions };

export type WorkflowCanvasEvent =
  | WorkflowCanvasEditEvent
  | { type: 'name.change'; name: string }
  | { type: 'history.undo' }
  | { type: 'history.redo' }
  | { type: 'layout.request' }
  | { type: 'refusal.dismiss' }
  | { type: 'draft.save' }
  | { type: 'draft.changed' }
  | { type: 'leave.request' }
  | { type: 'leave.stay' }
  | { type: 'leave.confirm' }
  | { type: 'load.retry' }
  | { type: 'conflict.reload' }
  | { type: 'conflict.overwrite' };

export interface WorkflowCanvasInput {
  mode: WorkflowCanvasMode;
  seqId?: string;
}

interface SaveInput {
  seqId: string | null;
  revision: number | null;
  name: string;
  document: WorkflowDocument;
}

/** The edit an event stands for, with the id a new node or edge gets. */
export function editOf(context: WorkflowCanvasContext, event: WorkflowCanvasEditEvent): WorkflowEdit {
  switch (event.type) {
    case 'node.add':
      return { ...event, id: `n${context.nextId}` };
    case 'edge.connect':
      return { ...event, id: `e${context.nextId}` };
    default:
      return event;
  }
}

export const isDirty = (context: WorkflowCanvasContext) =>
  context.document !== context.savedDocument || context.name !== context.savedName;

/** The number after the highest n…/e… id of a loaded document. */
function nextIdAfter(document: WorkflowDocument): number {
  const numbers = [...document.nodes, ...document.edges].map((item) => Number(item.id.slice(1)) || 0);
  return Math.max(0, ...numbers) + 1;
}

const editTransition = [
  { guard: 'editRefused', actions: 'refuse' },
  { actions: ['applyEdit', 'announceChange'] },
] as const;

export const workflowCanvasMachine = setup({
  types: {
    context: {} as WorkflowCanvasContext,
    events: {} as WorkflowCanvasEvent,
    input: {} as WorkflowCanvasInput,
  },
  delays: { autosave: AUTOSAVE_MS },
  actors: {
    loadWorkflow: fromPromise(({ input }: { input: { seqId: string } }) =>
      call('GetSEQ2Workflow', { SeqId: input.seqId }),
    ),
    /**
     * elk in the worker the flows inspector uses; answers the steps' new positions. Imported when first
     * asked: elk's client is browser code (a worker URL), and e2e and tests import this machine in Node.
     */
    layoutJourney: fromPromise(async ({ input }: { input: { document: WorkflowDocument } }) => {
      const { layoutInWorker } = await import('../workers/elk-layout');
      const { layout } = await layoutInWorker(journeyToElkGraph(input.document));
      return positionsFromLayout(input.document, layout);
    }),
    saveWorkflow: fromPromise(({ input }: { input: SaveInput }) =>
      call(
        'SaveSEQ2Workflow',
        {
          ...(input.seqId ? { SeqId: input.seqId } : {}),
          ...(input.seqId && input.revision !== null ? { Revision: input.revision } : {}),
          Name: input.name.trim(),
          Document: input.document,
        },
        { silent: true },
      ),
    ),
  },
  guards: {
    needsSource: ({ context }) => context.sourceId !== null,
    isPreview: ({ context }) => context.mode === 'preview',
    isDirty: ({ context }) => isDirty(context),
    hasName: ({ context }) => context.name.trim().length > 0,
    canUndo: ({ context }) => context.past.length > 0,
    canRedo: ({ context }) => context.future.length > 0,
    hasSteps: ({ context }) => context.document.nodes.length > 0,
    isLive: ({ context }) => context.running !== null,
    /** Saved elsewhere since this canvas's revision. */
    changedElsewhere: (_, params: { error: unknown }) =>
      params.error instanceof GatewayError && params.error.retCode === RetCode.WorkflowChangedElsewhere,
    /** Every rule of the document, with its reason: rules.ts's invariants through checkEdit. */
    editRefused: ({ context, event }) =>
      checkEdit(context.document, editOf(context, event as WorkflowCanvasEditEvent)) !== null,
  },
  actions: {
    refuse: assign(({ context, event }) => ({
      refusal: checkEdit(context.document, editOf(context, event as WorkflowCanvasEditEvent)),
    })),
    applyEdit: assign(({ context, event }) => {
      const edit = editOf(context, event as WorkflowCanvasEditEvent);
      const adds = edit.type === 'node.add' || edit.type === 'edge.connect';
      return {
        document: applyEdit(context.document, edit),
        past: [...context.past, context.document].slice(-HISTORY_LIMIT),
        future: [],
        nextId: adds ? context.nextId + 1 : context.nextId,
        refusal: null,
      };
    }),
    undo: assign(({ context }) => ({
      document: context.past[context.past.length - 1],
      past: context.past.slice(0, -1),
      future: [context.document, ...context.future],
      refusal: null,
    })),
    redo: assign(({ context }) => ({
      document: context.future[0],
      past: [...context.past, context.document],
      future: context.future.slice(1),
      refusal: null,
    })),
    setName: assign(({ event }) => (event.type === 'name.change' ? { name: event.name } : {})),
    dismissRefusal: assign({ refusal: null }),
    startLayout: assign({ layoutFailed: false, refusal: null }),
    failLayout: assign({ layoutFailed: true }),
    arrange: raise((_, positions: Positions) => ({ type: 'nodes.arrange' as const, positions })),
    announceChange: raise({ type: 'draft.changed' }),
    fillFrom: assign(({ context }, workflow: WorkflowData) => {
      // a copy until its first save; loaded again after a conflict, the saved copy is an edit
      const copy = context.mode === 'copy' && context.seqId === null;
      return {
        name: copy ? `${workflow.Name} (copy)`.slice(0, 64) : workflow.Name,
        document: workflow.Document,
        seqId: copy ? null : workflow.SeqId,
        revision: copy ? null : workflow.Revision,
        // A copy is a new, unsaved draft; an edited draft starts clean.
        savedDocument: copy ? null : workflow.Document,
        savedName: copy ? null : workflow.Name,
        nextId: nextIdAfter(workflow.Document),
        running: copy ? null : workflow.Running,
      };
    }),
    clearInFlight: assign({ inFlight: null }),
    startSave: assign(({ context }) => ({ inFlight: { name: context.name, document: context.document } })),
    storeSaved: assign(({ context }, saved: { SeqId: string; Revision: number }) => ({
      seqId: saved.SeqId,
      revision: saved.Revision,
      savedDocument: context.inFlight?.document ?? context.savedDocument,
      savedName: context.inFlight?.name ?? context.savedName,
      // a live journey's save froze the saved document as its next version
      running:
        context.running && context.inFlight
          ? { Version: context.running.Version + 1, Document: context.inFlight.document }
          : context.running,
      inFlight: null,
      error: null,
    })),
    /** Loading the version saved elsewhere: these edits and their history go. */
    forgetEdits: assign({ past: [], future: [], inFlight: null, refusal: null, error: null }),
    /** Saving these edits over the version saved elsewhere: the next save names no revision. */
    overwrite: assign({ revision: null }),
    rememberError: assign((_, params: { error: unknown }) => ({ error: failureText(params.error) })),
  },
}).createMachine({
  id: 'workflowCanvas',
  context: ({ input }) => ({
    mode: input.mode,
    sourceId: input.mode === 'create' ? null : (input.seqId ?? null),
    seqId: null,
    revision: null,
    name: '',
    document: EMPTY_DOCUMENT,
    past: [],
    future: [],
    savedDocument: EMPTY_DOCUMENT,
    savedName: '',
    nextId: 1,
    inFlight: null,
    refusal: null,
    error: null,
    running: null,
    layoutFailed: false,
  }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'needsSource', target: 'loading' }, { target: 'ready' }] },
    loading: {
      invoke: {
        id: 'loadWorkflow',
        src: 'loadWorkflow',
        input: ({ context }) => ({ seqId: context.seqId ?? context.sourceId ?? '' }),
        onDone: [
          {
            guard: 'isPreview',
            target: 'preview',
            actions: { type: 'fillFrom', params: ({ event }) => event.output },
          },
          // a copy starts unsaved: announcing it lets the draft region save it once it has a name
          {
            target: 'ready',
            actions: [{ type: 'fillFrom', params: ({ event }) => event.output }, 'announceChange'],
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: { on: { 'load.retry': { target: 'loading' } } },
    /** Read-only: nothing can be edited or saved. */
    preview: {},
    ready: {
      type: 'parallel',
      states: {
        editor: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'node.add': editTransition,
                'node.move': editTransition,
                'node.configure': editTransition,
                'node.delete': editTransition,
                'edge.connect': editTransition,
                'edge.delete': editTransition,
                'nodes.arrange': editTransition,
                'name.change': { actions: ['setName', 'announceChange'] },
                'history.undo': { guard: 'canUndo', actions: ['undo', 'announceChange'] },
                'history.redo': { guard: 'canRedo', actions: ['redo', 'announceChange'] },
                'layout.request': { guard: 'hasSteps', target: 'arranging' },
                'refusal.dismiss': { actions: 'dismissRefusal' },
                'leave.request': [{ guard: 'isDirty', target: 'confirmingLeave' }, { target: '#workflowCanvas.left' }],
              },
            },
            /** elk lays the journey out in its worker; no edit meanwhile, so the result fits the document. */
            arranging: {
              entry: 'startLayout',
              invoke: {
                id: 'layoutJourney',
                src: 'layoutJourney',
                input: ({ context }) => ({ document: context.document }),
                // back in editing, the positions are an ordinary edit: guarded, one undo step, announced
                onDone: { target: 'editing', actions: { type: 'arrange', params: ({ event }) => event.output } },
                onError: { target: 'editing', actions: 'failLayout' },
              },
            },
            /** Spec 001 §2: leaving the canvas with unsaved changes asks first. */
            confirmingLeave: {
              on: { 'leave.stay': { target: 'editing' }, 'leave.confirm': { target: '#workflowCanvas.left' } },
            },
          },
        },
        draft: {
          initial: 'saved',
          states: {
            saved: { on: { 'draft.changed': { guard: 'isDirty', target: 'pending' } } },
            /** Saved automatically a moment after the last edit (every edit starts the wait again). */
            pending: {
              always: { guard: 'isLive', target: 'held' },
              after: { autosave: [{ guard: 'hasName', target: 'saving' }, { target: 'unnamed' }] },
              on: {
                'draft.changed': [{ guard: 'isDirty', target: 'pending', reenter: true }, { target: 'saved' }],
                'draft.save': [{ guard: 'hasName', target: 'saving' }, { target: 'unnamed' }],
              },
            },
            /** A live journey's edits: saved (a new version) only when Save is pressed. */
            held: {
              on: {
                'draft.changed': [{ guard: 'isDirty', target: 'held' }, { target: 'saved' }],
                'draft.save': [{ guard: 'hasName', target: 'saving' }, { target: 'unnamed' }],
              },
            },
            /** A draft needs a name before the server keeps it. */
            unnamed: {
              on: {
                'draft.changed': [
                  { guard: 'hasName', target: 'pending' },
                  { guard: 'isDirty', target: 'unnamed' },
                  { target: 'saved' },
                ],
                'draft.save': { guard: 'hasName', target: 'saving' },
              },
            },
            saving: {
              entry: 'startSave',
              invoke: {
                id: 'saveWorkflow',
                src: 'saveWorkflow',
                input: ({ context }): SaveInput => ({
                  seqId: context.seqId,
                  revision: context.revision,
                  name: context.inFlight?.name ?? context.name,
                  document: context.inFlight?.document ?? context.document,
                }),
                onDone: {
                  target: 'checking',
                  actions: { type: 'storeSaved', params: ({ event }) => event.output },
                },
                onError: [
                  {
                    guard: { type: 'changedElsewhere', params: ({ event }) => ({ error: event.error }) },
                    target: 'conflict',
                    actions: 'clearInFlight',
                  },
                  {
                    target: 'failed',
                    actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
            /**
             * Saved in another tab or by a teammate since this canvas's revision: nothing more is saved until
             * the user loads that version (these edits go) or saves these edits over it.
             */
            conflict: {
              on: {
                'conflict.reload': { target: '#workflowCanvas.loading', actions: 'forgetEdits' },
                'conflict.overwrite': { target: 'saving', actions: 'overwrite' },
              },
            },
            /** Edits made while saving are saved next. */
            checking: { always: [{ guard: 'isDirty', target: 'pending' }, { target: 'saved' }] },
            failed: {
              on: {
                'draft.save': { guard: 'hasName', target: 'saving' },
                'draft.changed': [{ guard: 'hasName', target: 'pending' }, { target: 'unnamed' }],
              },
            },
          },
        },
      },
    },
    left: { type: 'final' },
  },
});

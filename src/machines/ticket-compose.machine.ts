import { assign, fromPromise, setup } from 'xstate';
import { call } from '../gateway/client/call';
import { TICKET_COMMENT_MAX, TICKET_PICTURES_MAX } from '../gateway/contract/actions/tickets';

// A new ticket or a comment on one: category (new tickets), up to 150 characters, up to 5 pictures.
// Each picture goes through its own upload actor (upload.machine.ts) in the view; this machine hears
// when each starts and finishes, and on submit makes every FileId an attachment (UploadAttachFile).

export interface ComposedPicture {
  key: string;
  /** null while its upload runs */
  fileId: string | null;
}

export interface TicketComposeContext {
  ticketId: number | null;
  category: number | null;
  comment: string;
  pictures: ComposedPicture[];
  error: string | null;
  /** the created ticket's id, or the commented one's */
  savedTicketId: number | null;
}

export type TicketComposeEvent =
  | { type: 'category.change'; category: number }
  | { type: 'comment.change'; value: string }
  | { type: 'picture.add'; key: string }
  | { type: 'picture.uploaded'; key: string; fileId: string }
  | { type: 'picture.remove'; key: string }
  | { type: 'form.submit' }
  | { type: 'form.reset' };

interface SubmitInput {
  ticketId: number | null;
  category: number | null;
  comment: string;
  fileIds: string[];
}

export const ticketComposeMachine = setup({
  types: { context: {} as TicketComposeContext, events: {} as TicketComposeEvent, input: {} as { ticketId?: number } },
  actors: {
    submit: fromPromise(async ({ input }: { input: SubmitInput }) => {
      const attachIds: number[] = [];
      for (const FileId of input.fileIds) attachIds.push((await call('UploadAttachFile', { FileId })).AttachFileId);
      if (input.ticketId !== null) {
        await call('CreateComment', { TicketId: input.ticketId, Comment: input.comment, AttachFileIds: attachIds });
        return input.ticketId;
      }
      return (
        await call('CreateTicket', { Category: input.category as 1, Comment: input.comment, AttachFileIds: attachIds })
      ).TicketId;
    }),
  },
  guards: {
    canAddPicture: ({ context }) => context.pictures.length < TICKET_PICTURES_MAX,
    isReady: ({ context }) => {
      const comment = context.comment.trim();
      return (
        (context.ticketId !== null || context.category !== null) &&
        comment.length > 0 &&
        comment.length <= TICKET_COMMENT_MAX &&
        context.pictures.every((p) => p.fileId !== null)
      );
    },
  },
  actions: {
    setCategory: assign(({ event }) => (event.type === 'category.change' ? { category: event.category } : {})),
    setComment: assign(({ event }) => (event.type === 'comment.change' ? { comment: event.value } : {})),
    addPicture: assign(({ context, event }) =>
      event.type === 'picture.add' ? { pictures: [...context.pictures, { key: event.key, fileId: null }] } : {},
    ),
    markUploaded: assign(({ context, event }) =>
      event.type === 'picture.uploaded'
        ? { pictures: context.pictures.map((p) => (p.key === event.key ? { ...p, fileId: event.fileId } : p)) }
        : {},
    ),
    removePicture: assign(({ context, event }) =>
      event.type === 'picture.remove' ? { pictures: context.pictures.filter((p) => p.key !== event.key) } : {},
    ),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: params.error instanceof Error ? params.error.message : null,
    })),
    keepSaved: assign((_, ticketId: number) => ({ savedTicketId: ticketId })),
    reset: assign({ category: null, comment: '', pictures: [], error: null }),
  },
}).createMachine({
  id: 'ticketCompose',
  context: ({ input }) => ({
    ticketId: input?.ticketId ?? null,
    category: null,
    comment: '',
    pictures: [],
    error: null,
    savedTicketId: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'category.change': { actions: 'setCategory' },
        'comment.change': { actions: 'setComment' },
        'picture.add': { guard: 'canAddPicture', actions: 'addPicture' },
        'picture.uploaded': { actions: 'markUploaded' },
        'picture.remove': { actions: 'removePicture' },
        'form.submit': { guard: 'isReady', target: 'submitting' },
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({
          ticketId: context.ticketId,
          category: context.category,
          comment: context.comment.trim(),
          fileIds: context.pictures.map((p) => p.fileId!),
        }),
        onDone: { target: 'saved', actions: { type: 'keepSaved', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saved: { on: { 'form.reset': { target: 'editing', actions: 'reset' } } },
  },
});

import { newIdempotencyKey } from '../gateway/contract/idempotency-key';
import { assign, fromPromise, setup } from 'xstate';
import { call, GatewayError } from '../gateway/client/call';
import type { TgPost } from '../gateway/contract/actions/telegram';
import { TG_LIMITS, tgImageIssue, type TgImageIssue } from '../gateway/contract/telegram';

// The Telegram post composer (/mkthub/post/tg/message[/{postId}], /mkthub/copypost/tg/message/{copyid}):
// text, an optional image, target groups, send now or at a time; saved as a draft or submitted with
// CreateTGTask. The image's size and dimensions are checked here (the contract's tgImageIssue, as the
// server checks them) before the upload machine sends it; the view reads the picked file's dimensions.

export interface ComposedImage {
  fileId: string;
  name: string;
  url: string;
}

export interface TgPostComposerContext {
  /** The draft being edited; null for a new post or a copy. */
  postId: string | null;
  /** The post to load: the edited one or the copied one. */
  sourceId: string | null;
  text: string;
  image: ComposedImage | null;
  imageIssue: TgImageIssue | null;
  chatIds: string[];
  /** unix seconds; null sends at once */
  sendTime: number | null;
  error: unknown;
  savedPostId: string | null;
  /** Sent with every save: a retry after a dropped answer gets the first post, never a second one. */
  idempotencyKey: string;
}

export type TgPostComposerEvent =
  | { type: 'text.change'; value: string }
  | { type: 'image.check'; size: number; width: number; height: number }
  | { type: 'image.set'; image: ComposedImage }
  | { type: 'image.clear' }
  | { type: 'group.toggle'; chatId: string }
  | { type: 'schedule.set'; sendTime: number | null }
  | { type: 'post.saveDraft' }
  | { type: 'post.submit' }
  | { type: 'load.retry' };

export interface TgPostComposerInput {
  postId?: string;
  copyId?: string;
}

interface SaveInput {
  postId: string | null;
  text: string;
  imageFileId: string | null;
  chatIds: string[];
  sendTime: number | null;
  draft: boolean;
  idempotencyKey: string;
}

const textLimit = (context: TgPostComposerContext) => (context.image ? TG_LIMITS.captionMax : TG_LIMITS.textMax);

export const tgPostComposerMachine = setup({
  types: {
    context: {} as TgPostComposerContext,
    events: {} as TgPostComposerEvent,
    input: {} as TgPostComposerInput,
  },
  actors: {
    loadPost: fromPromise(async ({ input }: { input: { postId: string } }) =>
      call('GetTGTask', { PostId: input.postId }),
    ),
    savePost: fromPromise(async ({ input }: { input: SaveInput }) =>
      call('CreateTGTask', {
        ...(input.postId ? { PostId: input.postId } : {}),
        Text: input.text,
        ...(input.imageFileId ? { ImageFileId: input.imageFileId } : {}),
        ChatIds: input.chatIds,
        ...(input.sendTime ? { SendTime: input.sendTime } : {}),
        Draft: input.draft,
        IdempotencyKey: input.idempotencyKey,
      }),
    ),
  },
  guards: {
    hasSource: ({ context }) => context.sourceId !== null,
    hasText: ({ context }) => {
      const length = context.text.trim().length;
      return length > 0 && length <= textLimit(context);
    },
    isReady: ({ context }) => {
      const length = context.text.trim().length;
      return (
        length > 0 &&
        length <= textLimit(context) &&
        context.chatIds.length > 0 &&
        context.chatIds.length <= TG_LIMITS.groupsPerPost
      );
    },
  },
  actions: {
    setText: assign(({ event }) => (event.type === 'text.change' ? { text: event.value } : {})),
    checkImage: assign(({ event }) => (event.type === 'image.check' ? { imageIssue: tgImageIssue(event) } : {})),
    setImage: assign(({ event }) => (event.type === 'image.set' ? { image: event.image, imageIssue: null } : {})),
    clearImage: assign({ image: null, imageIssue: null }),
    toggleGroup: assign(({ context, event }) => {
      if (event.type !== 'group.toggle') return {};
      const chosen = context.chatIds.includes(event.chatId);
      return {
        chatIds: chosen ? context.chatIds.filter((id) => id !== event.chatId) : [...context.chatIds, event.chatId],
      };
    }),
    setSchedule: assign(({ event }) => (event.type === 'schedule.set' ? { sendTime: event.sendTime } : {})),
    fill: assign(({ context }, post: TgPost) => ({
      text: post.Text,
      image: post.ImageFileId ? { fileId: post.ImageFileId, name: post.ImageName, url: post.ImageUrl } : null,
      chatIds: post.Groups.map((group) => group.ChatId),
      // A copy is a new post: it keeps the content, not the send time.
      sendTime: context.postId && post.SendTime ? post.SendTime : null,
    })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    keepSaved: assign((_, postId: string) => ({ savedPostId: postId })),
  },
}).createMachine({
  id: 'tgPostComposer',
  context: ({ input }) => ({
    postId: input?.postId ?? null,
    sourceId: input?.postId ?? input?.copyId ?? null,
    text: '',
    image: null,
    imageIssue: null,
    chatIds: [],
    sendTime: null,
    error: null,
    savedPostId: null,
    idempotencyKey: newIdempotencyKey(),
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasSource', target: 'loading' }, { target: 'editing' }] },
    loading: {
      invoke: {
        id: 'loadPost',
        src: 'loadPost',
        input: ({ context }) => ({ postId: context.sourceId! }),
        onDone: { target: 'editing', actions: { type: 'fill', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: { on: { 'load.retry': { target: 'loading', actions: 'clearError' } } },
    editing: {
      on: {
        'text.change': { actions: 'setText' },
        'image.check': { actions: 'checkImage' },
        'image.set': { actions: 'setImage' },
        'image.clear': { actions: 'clearImage' },
        'group.toggle': { actions: 'toggleGroup' },
        'schedule.set': { actions: 'setSchedule' },
        'post.saveDraft': { guard: 'hasText', target: 'savingDraft', actions: 'clearError' },
        'post.submit': { guard: 'isReady', target: 'submitting', actions: 'clearError' },
      },
    },
    savingDraft: {
      invoke: {
        id: 'saveDraft',
        src: 'savePost',
        input: ({ context }) => saveInput(context, true),
        onDone: { target: 'saved', actions: { type: 'keepSaved', params: ({ event }) => event.output.PostId } },
        onError: {
          target: 'editing',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    submitting: {
      invoke: {
        id: 'submitPost',
        src: 'savePost',
        input: ({ context }) => saveInput(context, false),
        onDone: { target: 'saved', actions: { type: 'keepSaved', params: ({ event }) => event.output.PostId } },
        onError: {
          target: 'editing',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saved: { type: 'final' },
  },
});

function saveInput(context: TgPostComposerContext, draft: boolean): SaveInput {
  return {
    postId: context.postId,
    text: context.text.trim(),
    imageFileId: context.image?.fileId ?? null,
    chatIds: context.chatIds,
    sendTime: context.sendTime,
    draft,
    idempotencyKey: context.idempotencyKey,
  };
}

/** The field errors of a refused save, by field name (ChatIds.n as ChatIds). */
export function composerFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof GatewayError)) return {};
  const fields = (error.data as { Fields?: { Field: string; Key: string }[] } | undefined)?.Fields ?? [];
  return Object.fromEntries(fields.map((f) => [f.Field.replace(/\.\d+$/, ''), f.Key]));
}

import { newIdempotencyKey } from '../gateway/contract/idempotency-key';
import { assign, fromPromise, setup } from 'xstate';
import { call, GatewayError } from '../gateway/client/call';
import type { SocialPost, SocialSaveMode } from '../gateway/contract/actions/social';
import type { SocialPlatformType } from '../gateway/contract/social/platforms';
import { SOCIAL_POST_STATUS } from '../gateway/contract/statuses';
import { socialPostLifecycle, type SocialPostEvent } from './lifecycles/social-post.machine';
import {
  emptyTikTokOptions,
  mediaKindOf,
  postProblemsForProfiles,
  type PostMediaKind,
  type ProfileProblem,
  type TikTokOptions,
} from '../gateway/contract/social/post-rules';

// The social post composer (/mkthub/post/social/message[/{postId}]): one post for many profiles. Every
// change re-checks the rules of each chosen profile's platform (the contract's post-rules.ts, as the server
// checks them) so the view shows each problem next to its profile as the user types. Saves a draft,
// schedules or publishes with SaveSocialPost; the server's refusal comes back as problems of the same shape.

export interface ComposerProfile {
  profileId: string;
  platform: SocialPlatformType;
  name: string;
}

export interface ComposedMedia {
  fileId: string;
  name: string;
  kind: PostMediaKind;
  size: number;
  url: string;
}

export interface SocialPostComposerContext {
  postId: string | null;
  /** the loaded post's SOCIAL_POST_STATUS; null for a new post (a draft to be) */
  status: number | null;
  /** the account's connected profiles, as the view read them */
  available: ComposerProfile[];
  profileIds: string[];
  text: string;
  media: ComposedMedia[];
  youTubeTitle: string;
  tikTok: TikTokOptions;
  /** unix seconds; null until a time is chosen */
  sendTime: number | null;
  problems: ProfileProblem[];
  error: unknown;
  savedPostId: string | null;
  /** Sent with every save: a retry after a dropped answer gets the first post, never a second one. */
  idempotencyKey: string;
}

export type SocialPostComposerEvent =
  | { type: 'profiles.available'; profiles: ComposerProfile[] }
  | { type: 'profile.toggle'; profileId: string }
  | { type: 'text.change'; value: string }
  | { type: 'media.add'; media: ComposedMedia }
  | { type: 'media.remove'; fileId: string }
  | { type: 'youTube.title'; value: string }
  | { type: 'tikTok.change'; patch: Partial<TikTokOptions> }
  | { type: 'schedule.set'; sendTime: number | null }
  | { type: 'post.saveDraft' }
  | { type: 'post.schedule' }
  | { type: 'post.publish' }
  | { type: 'load.retry' };

const allows = (context: SocialPostComposerContext, event: SocialPostEvent['type']) =>
  socialPostLifecycle.can(context.status ?? SOCIAL_POST_STATUS.Draft, event);

interface SaveInput {
  context: SocialPostComposerContext;
  mode: SocialSaveMode;
}

function problemsOf(context: SocialPostComposerContext): ProfileProblem[] {
  const chosen = context.available.filter((p) => context.profileIds.includes(p.profileId));
  return postProblemsForProfiles(
    chosen.map(({ profileId, platform }) => ({ profileId, platform })),
    { text: context.text, media: context.media, youTubeTitle: context.youTubeTitle, tikTok: context.tikTok },
  );
}

/** A refused save's field problems in the composer's own shape (the server names profile and field). */
export function serverProblems(error: unknown): ProfileProblem[] {
  if (!(error instanceof GatewayError)) return [];
  const fields =
    (error.data as { Fields?: { Field: string; Key: string; ProfileId?: string; Limit?: number | null }[] } | undefined)
      ?.Fields ?? [];
  return fields.map((f) => ({
    field: f.Field as ProfileProblem['field'],
    key: f.Key,
    profileId: f.ProfileId ?? '',
    platform: 1 as SocialPlatformType,
    ...(f.Limit ? { limit: f.Limit } : {}),
  }));
}

export const socialPostComposerMachine = setup({
  types: {
    context: {} as SocialPostComposerContext,
    events: {} as SocialPostComposerEvent,
    input: {} as { postId?: string },
  },
  actors: {
    loadPost: fromPromise(async ({ input }: { input: { postId: string } }) =>
      call('GetSocialPost', { PostId: input.postId }),
    ),
    savePost: fromPromise(async ({ input: { context, mode } }: { input: SaveInput }) =>
      call('SaveSocialPost', {
        ...(context.postId ? { PostId: context.postId } : {}),
        ProfileIds: context.profileIds,
        Text: context.text,
        MediaFileIds: context.media.map((m) => m.fileId),
        YouTubeTitle: context.youTubeTitle,
        TikTok: {
          Title: context.tikTok.title,
          PrivacyLevel: context.tikTok.privacyLevel,
          AllowDuet: context.tikTok.allowDuet,
          AllowStitch: context.tikTok.allowStitch,
          AllowComment: context.tikTok.allowComment,
          BrandedContent: context.tikTok.brandedContent,
        },
        Mode: mode,
        ...(mode === 'schedule' && context.sendTime ? { SendTime: context.sendTime } : {}),
        IdempotencyKey: context.idempotencyKey,
      }),
    ),
  },
  guards: {
    hasPost: ({ context }) => context.postId !== null,
    // The post lifecycle decides what an edited post allows (a failed post is published again, never a draft).
    hasProfiles: ({ context }) => allows(context, 'post.saveDraft') && context.profileIds.length > 0,
    isPublishable: ({ context }) =>
      allows(context, 'post.publish') && context.profileIds.length > 0 && context.problems.length === 0,
    isSchedulable: ({ context }) =>
      allows(context, 'post.schedule') &&
      context.profileIds.length > 0 &&
      context.problems.length === 0 &&
      context.sendTime !== null,
  },
  actions: {
    setAvailable: assign(({ event }) => (event.type === 'profiles.available' ? { available: event.profiles } : {})),
    toggleProfile: assign(({ context, event }) => {
      if (event.type !== 'profile.toggle') return {};
      const chosen = context.profileIds.includes(event.profileId);
      return {
        profileIds: chosen
          ? context.profileIds.filter((id) => id !== event.profileId)
          : [...context.profileIds, event.profileId],
      };
    }),
    setText: assign(({ event }) => (event.type === 'text.change' ? { text: event.value } : {})),
    addMedia: assign(({ context, event }) =>
      event.type === 'media.add' && !context.media.some((m) => m.fileId === event.media.fileId)
        ? { media: [...context.media, event.media] }
        : {},
    ),
    removeMedia: assign(({ context, event }) =>
      event.type === 'media.remove' ? { media: context.media.filter((m) => m.fileId !== event.fileId) } : {},
    ),
    setYouTubeTitle: assign(({ event }) => (event.type === 'youTube.title' ? { youTubeTitle: event.value } : {})),
    patchTikTok: assign(({ context, event }) =>
      event.type === 'tikTok.change' ? { tikTok: { ...context.tikTok, ...event.patch } } : {},
    ),
    setSchedule: assign(({ event }) => (event.type === 'schedule.set' ? { sendTime: event.sendTime } : {})),
    recheck: assign(({ context }) => ({ problems: problemsOf(context) })),
    fill: assign((_, post: SocialPost) => ({
      status: post.Status,
      profileIds: post.Targets.map((t) => t.ProfileId),
      text: post.Text,
      media: post.Media.map((m) => ({
        fileId: m.FileId,
        name: m.Name,
        kind: mediaKindOf(m.ContentType) ?? 'image',
        size: m.Size,
        url: '',
      })),
      youTubeTitle: post.YouTubeTitle,
      tikTok: {
        title: post.TikTok.Title,
        privacyLevel: post.TikTok.PrivacyLevel as TikTokOptions['privacyLevel'],
        allowDuet: post.TikTok.AllowDuet,
        allowStitch: post.TikTok.AllowStitch,
        allowComment: post.TikTok.AllowComment,
        brandedContent: post.TikTok.BrandedContent,
      },
      sendTime: post.SendTime || null,
    })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    clearError: assign({ error: null }),
    keepSaved: assign((_, postId: string) => ({ savedPostId: postId })),
  },
}).createMachine({
  id: 'socialPostComposer',
  context: ({ input }) => ({
    postId: input?.postId ?? null,
    status: null,
    available: [],
    profileIds: [],
    text: '',
    media: [],
    youTubeTitle: '',
    tikTok: emptyTikTokOptions(),
    sendTime: null,
    problems: [],
    error: null,
    savedPostId: null,
    idempotencyKey: newIdempotencyKey(),
  }),
  on: { 'profiles.available': { actions: ['setAvailable', 'recheck'] } },
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasPost', target: 'loading' }, { target: 'editing' }] },
    loading: {
      invoke: {
        id: 'loadPost',
        src: 'loadPost',
        input: ({ context }) => ({ postId: context.postId! }),
        onDone: { target: 'editing', actions: [{ type: 'fill', params: ({ event }) => event.output }, 'recheck'] },
        onError: {
          target: 'loadFailed',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: { on: { 'load.retry': { target: 'loading', actions: 'clearError' } } },
    editing: {
      on: {
        'profile.toggle': { actions: ['toggleProfile', 'recheck'] },
        'text.change': { actions: ['setText', 'recheck'] },
        'media.add': { actions: ['addMedia', 'recheck'] },
        'media.remove': { actions: ['removeMedia', 'recheck'] },
        'youTube.title': { actions: ['setYouTubeTitle', 'recheck'] },
        'tikTok.change': { actions: ['patchTikTok', 'recheck'] },
        'schedule.set': { actions: 'setSchedule' },
        'post.saveDraft': { guard: 'hasProfiles', target: 'savingDraft', actions: 'clearError' },
        'post.schedule': { guard: 'isSchedulable', target: 'scheduling', actions: 'clearError' },
        'post.publish': { guard: 'isPublishable', target: 'publishing', actions: 'clearError' },
      },
    },
    savingDraft: { invoke: saving('saveDraft', 'draft') },
    scheduling: { invoke: saving('schedulePost', 'schedule') },
    publishing: { invoke: saving('publishPost', 'publish') },
    saved: { type: 'final' },
  },
});

function saving(id: string, mode: SocialSaveMode) {
  return {
    id,
    src: 'savePost' as const,
    input: ({ context }: { context: SocialPostComposerContext }) => ({ context, mode }),
    onDone: {
      target: 'saved',
      actions: {
        type: 'keepSaved' as const,
        params: ({ event }: { event: { output: { PostId: string } } }) => event.output.PostId,
      },
    },
    onError: {
      target: 'editing',
      actions: {
        type: 'rememberError' as const,
        params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
      },
    },
  };
}

import { setup, type SnapshotFrom } from 'xstate';
import { SOCIAL_POST_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// A social post (spec 001 §4: 1 Success, 2 Failed, 3 Draft, 4 Scheduled, 5 Canceled, 6 Submitted).
// A draft is saved again, scheduled or published now. A scheduled post is cancelled, saved back to a
// draft, rescheduled, or started by its job at its time. Submitted while the publish job posts to each
// profile: Success when every profile has the post, Failed when a platform refused (each reason kept per
// profile). A failed post may be published again: only the profiles without the post are tried
// (docs/decisions.md "Social profiles and posts").
export const SOCIAL_POST_STATE_STATUS = {
  draft: SOCIAL_POST_STATUS.Draft,
  scheduled: SOCIAL_POST_STATUS.Scheduled,
  submitted: SOCIAL_POST_STATUS.Submitted,
  success: SOCIAL_POST_STATUS.Success,
  failed: SOCIAL_POST_STATUS.Failed,
  canceled: SOCIAL_POST_STATUS.Canceled,
} as const;

export type SocialPostEvent =
  | { type: 'post.saveDraft' }
  | { type: 'post.schedule' }
  | { type: 'post.publish' }
  | { type: 'post.cancel' }
  | { type: 'publish.start' }
  | { type: 'publish.succeed' }
  | { type: 'publish.fail' };

export const socialPostMachine = setup({
  types: { events: {} as SocialPostEvent },
}).createMachine({
  id: 'socialPost',
  initial: 'draft',
  states: {
    draft: { on: { 'post.saveDraft': 'draft', 'post.schedule': 'scheduled', 'post.publish': 'submitted' } },
    scheduled: {
      on: {
        'post.saveDraft': 'draft',
        'post.schedule': 'scheduled',
        'post.publish': 'submitted',
        'post.cancel': 'canceled',
        'publish.start': 'submitted',
      },
    },
    submitted: { on: { 'publish.succeed': 'success', 'publish.fail': 'failed' } },
    failed: { on: { 'post.publish': 'submitted' } },
    success: { type: 'final' },
    canceled: { type: 'final' },
  },
});

export type SocialPostSnapshot = SnapshotFrom<typeof socialPostMachine>;

export const socialPostLifecycle = defineLifecycle(socialPostMachine, SOCIAL_POST_STATE_STATUS);

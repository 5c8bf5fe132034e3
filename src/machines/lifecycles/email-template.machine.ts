import { setup, type SnapshotFrom } from 'xstate';
import { EMAIL_TEMPLATE_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// The e-mail template lifecycle (spec 001 §4: draft, pending review, in review, passed, rejected,
// disabled, deleted, expired; transitions not shown: docs/decisions.md "E-mail templates").
// A draft is edited freely and submitted; any edit of a submitted template sends it back to review;
// a passed template can be disabled (and enabled again) or expire; a deleted one is gone.

/** Status code of each state: the contract's EMAIL_TEMPLATE_STATUS. */
export const EMAIL_TEMPLATE_STATE_STATUS = {
  draft: EMAIL_TEMPLATE_STATUS.Draft,
  pendingReview: EMAIL_TEMPLATE_STATUS.PendingReview,
  inReview: EMAIL_TEMPLATE_STATUS.InReview,
  passed: EMAIL_TEMPLATE_STATUS.Passed,
  rejected: EMAIL_TEMPLATE_STATUS.Rejected,
  disabled: EMAIL_TEMPLATE_STATUS.Disabled,
  deleted: EMAIL_TEMPLATE_STATUS.Deleted,
  expired: EMAIL_TEMPLATE_STATUS.Expired,
} as const;
export type EmailTemplateStateName = keyof typeof EMAIL_TEMPLATE_STATE_STATUS;

export type EmailTemplateEvent =
  | { type: 'template.saveDraft' }
  | { type: 'template.submit' }
  | { type: 'review.start' }
  | { type: 'review.pass' }
  | { type: 'review.reject' }
  | { type: 'template.disable' }
  | { type: 'template.enable' }
  | { type: 'template.expire' }
  | { type: 'template.delete' };

export const emailTemplateMachine = setup({
  types: { events: {} as EmailTemplateEvent },
}).createMachine({
  id: 'emailTemplate',
  initial: 'draft',
  states: {
    draft: {
      on: { 'template.saveDraft': 'draft', 'template.submit': 'pendingReview', 'template.delete': 'deleted' },
    },
    pendingReview: {
      on: { 'review.start': 'inReview', 'template.submit': 'pendingReview', 'template.delete': 'deleted' },
    },
    inReview: { on: { 'review.pass': 'passed', 'review.reject': 'rejected' } },
    passed: {
      on: {
        'template.submit': 'pendingReview',
        'template.disable': 'disabled',
        'template.expire': 'expired',
        'template.delete': 'deleted',
      },
    },
    rejected: { on: { 'template.submit': 'pendingReview', 'template.delete': 'deleted' } },
    disabled: { on: { 'template.enable': 'passed', 'template.delete': 'deleted' } },
    expired: { on: { 'template.submit': 'pendingReview', 'template.delete': 'deleted' } },
    deleted: { type: 'final' },
  },
});

export type EmailTemplateSnapshot = SnapshotFrom<typeof emailTemplateMachine>;

export const emailTemplateLifecycle = defineLifecycle(emailTemplateMachine, EMAIL_TEMPLATE_STATE_STATUS);

/** Only a passed template can be sent. */
export const emailTemplateUsable = (status: number) => status === EMAIL_TEMPLATE_STATE_STATUS.passed;

/** Saving an edit: a draft stays a draft when asked; anything else goes (back) to review. */
export const emailTemplateSaveEvent = (status: number, draft: boolean): EmailTemplateEvent['type'] =>
  draft && status === EMAIL_TEMPLATE_STATE_STATUS.draft ? 'template.saveDraft' : 'template.submit';

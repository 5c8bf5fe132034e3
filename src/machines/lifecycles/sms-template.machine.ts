import { setup, type SnapshotFrom } from 'xstate';
import { SMS_TEMPLATE_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// The SMS template lifecycle with its review (not shown in the spec; docs/decisions.md "SMS").
// A rejected template is edited and resubmitted; editing a passed one sends it back to review.

/** Status code of each state: the contract's SMS_TEMPLATE_STATUS (src/gateway/contract/statuses.ts). */
export const SMS_TEMPLATE_STATE_STATUS = {
  pendingReview: SMS_TEMPLATE_STATUS.PendingReview,
  inReview: SMS_TEMPLATE_STATUS.InReview,
  passed: SMS_TEMPLATE_STATUS.Passed,
  rejected: SMS_TEMPLATE_STATUS.Rejected,
  deleted: SMS_TEMPLATE_STATUS.Deleted,
} as const;
export type SmsTemplateStateName = keyof typeof SMS_TEMPLATE_STATE_STATUS;

export type SmsTemplateEvent =
  | { type: 'review.start' }
  | { type: 'review.pass' }
  | { type: 'review.reject' }
  | { type: 'template.update' }
  | { type: 'template.delete' };

export const smsTemplateMachine = setup({
  types: { events: {} as SmsTemplateEvent },
}).createMachine({
  id: 'smsTemplate',
  initial: 'pendingReview',
  states: {
    pendingReview: {
      on: { 'review.start': 'inReview', 'template.update': 'pendingReview', 'template.delete': 'deleted' },
    },
    inReview: { on: { 'review.pass': 'passed', 'review.reject': 'rejected' } },
    passed: { on: { 'template.update': 'pendingReview', 'template.delete': 'deleted' } },
    rejected: { on: { 'template.update': 'pendingReview', 'template.delete': 'deleted' } },
    deleted: { type: 'final' },
  },
});

export type SmsTemplateSnapshot = SnapshotFrom<typeof smsTemplateMachine>;

export const smsTemplateLifecycle = defineLifecycle(smsTemplateMachine, SMS_TEMPLATE_STATE_STATUS);

/** A passed template is the only one a task can use. */
export function smsTemplateUsable(status: number): boolean {
  return status === SMS_TEMPLATE_STATE_STATUS.passed;
}

import { setup, type SnapshotFrom } from 'xstate';
import { WA_TEMPLATE_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// A WhatsApp template (issue 15 item 3; spec 001 §4; docs/decisions.md "WhatsApp templates"). Created it is
// PENDING: the platform reviews it to APPROVED, REJECTED (with a reason) or LIMIT_EXCEEDED. A rejected or an
// approved one is edited and resubmitted (an approved one keeps its category); a rejected or disabled one
// can be appealed; the platform pauses (quality) and disables approved ones. Deleting asks the platform
// (PENDING_DELETION) and ends DELETED when it confirms.
export const WA_TEMPLATE_STATE_STATUS = {
  pending: WA_TEMPLATE_STATUS.PENDING,
  approved: WA_TEMPLATE_STATUS.APPROVED,
  rejected: WA_TEMPLATE_STATUS.REJECTED,
  limitExceeded: WA_TEMPLATE_STATUS.LIMIT_EXCEEDED,
  inAppeal: WA_TEMPLATE_STATUS.IN_APPEAL,
  paused: WA_TEMPLATE_STATUS.PAUSED,
  disabled: WA_TEMPLATE_STATUS.DISABLED,
  pendingDeletion: WA_TEMPLATE_STATUS.PENDING_DELETION,
  deleted: WA_TEMPLATE_STATUS.DELETED,
} as const;

export type WaTemplateEvent =
  | { type: 'review.approve' }
  | { type: 'review.reject' }
  | { type: 'review.limit' }
  /** Edit and resubmit; `categoryChanged` when the edit changes the category. */
  | { type: 'template.edit'; categoryChanged?: boolean }
  | { type: 'template.appeal' }
  | { type: 'template.pause' }
  | { type: 'template.unpause' }
  | { type: 'template.disable' }
  | { type: 'template.delete' }
  | { type: 'deletion.confirm' };

export const waTemplateMachine = setup({
  types: { events: {} as WaTemplateEvent },
  guards: {
    keepsCategory: ({ event }) => !(event.type === 'template.edit' && event.categoryChanged === true),
  },
}).createMachine({
  id: 'waTemplate',
  initial: 'pending',
  states: {
    pending: {
      on: {
        'review.approve': 'approved',
        'review.reject': 'rejected',
        'review.limit': 'limitExceeded',
        'template.delete': 'pendingDeletion',
      },
    },
    approved: {
      on: {
        'template.edit': { guard: 'keepsCategory', target: 'pending' },
        'template.pause': 'paused',
        'template.disable': 'disabled',
        'template.delete': 'pendingDeletion',
      },
    },
    rejected: {
      on: { 'template.edit': 'pending', 'template.appeal': 'inAppeal', 'template.delete': 'pendingDeletion' },
    },
    limitExceeded: { on: { 'template.delete': 'pendingDeletion' } },
    inAppeal: { on: { 'review.approve': 'approved', 'review.reject': 'rejected' } },
    paused: {
      on: { 'template.unpause': 'approved', 'template.disable': 'disabled', 'template.delete': 'pendingDeletion' },
    },
    disabled: { on: { 'template.appeal': 'inAppeal', 'template.delete': 'pendingDeletion' } },
    pendingDeletion: { on: { 'deletion.confirm': 'deleted' } },
    deleted: { type: 'final' },
  },
});

export type WaTemplateSnapshot = SnapshotFrom<typeof waTemplateMachine>;

export const waTemplateLifecycle = defineLifecycle(waTemplateMachine, WA_TEMPLATE_STATE_STATUS);

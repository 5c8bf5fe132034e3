import { setup, type SnapshotFrom } from 'xstate';
import { AD_OPERATION_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// An ad operation record (BM/pixel/MCC binding, binding users, refund, clear; docs/decisions.md "Ad
// operations and data report"): Pending until the platform answers, then Success or Failed with the
// platform's reason. A refund the platform accepts still fails when the account no longer has the money.
export const AD_OPERATION_STATE_STATUS = {
  pending: AD_OPERATION_STATUS.Pending,
  success: AD_OPERATION_STATUS.Success,
  failed: AD_OPERATION_STATUS.Failed,
} as const;

export type AdOperationEvent = { type: 'platform.accept' } | { type: 'platform.refuse' };

export const adOperationMachine = setup({
  types: { events: {} as AdOperationEvent },
}).createMachine({
  id: 'adOperation',
  initial: 'pending',
  states: {
    pending: { on: { 'platform.accept': 'success', 'platform.refuse': 'failed' } },
    success: { type: 'final' },
    failed: { type: 'final' },
  },
});

export type AdOperationSnapshot = SnapshotFrom<typeof adOperationMachine>;

export const adOperationLifecycle = defineLifecycle(adOperationMachine, AD_OPERATION_STATE_STATUS);

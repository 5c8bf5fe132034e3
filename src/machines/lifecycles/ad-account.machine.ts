import { setup, type SnapshotFrom } from 'xstate';
import { AD_ACCOUNT_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// An ad account (spec 001 §4: 1 Normal … 9 Temporarily Unavailable; the moves are Herald's,
// docs/decisions.md "Advertising"). The platform reviews a new account (Pending Review) and opens it
// Empty; money arriving makes it Normal, spending it all makes it Empty again. An unpaid bill makes it
// Outstanding, then a Grace Period, then Temporarily Unavailable until paid. Closing goes Pending
// Closure -> Account Closure -> Closed. A recharge may be asked for while the account can still spend.
export const AD_ACCOUNT_STATE_STATUS = {
  pendingReview: AD_ACCOUNT_STATUS.PendingReview,
  empty: AD_ACCOUNT_STATUS.Empty,
  normal: AD_ACCOUNT_STATUS.Normal,
  outstanding: AD_ACCOUNT_STATUS.Outstanding,
  gracePeriod: AD_ACCOUNT_STATUS.GracePeriod,
  temporarilyUnavailable: AD_ACCOUNT_STATUS.TemporarilyUnavailable,
  pendingClosure: AD_ACCOUNT_STATUS.PendingClosure,
  accountClosure: AD_ACCOUNT_STATUS.AccountClosure,
  closed: AD_ACCOUNT_STATUS.Closed,
} as const;

export type AdAccountEvent =
  | { type: 'review.approve' }
  | { type: 'review.reject' }
  | { type: 'recharge.request' }
  | { type: 'recharge.arrive' }
  | { type: 'balance.spendOut' }
  | { type: 'bill.overdue' }
  | { type: 'grace.start' }
  | { type: 'grace.end' }
  | { type: 'platform.suspend' }
  | { type: 'platform.restore' }
  | { type: 'closure.request' }
  | { type: 'closure.confirm' }
  | { type: 'closure.finish' };

/** A recharge may be asked for (the account stays where it is) and its money arrives (Normal). */
const fundable = <S extends string>(self: S) => ({ 'recharge.request': self, 'recharge.arrive': 'normal' }) as const;

export const adAccountMachine = setup({
  types: { events: {} as AdAccountEvent },
}).createMachine({
  id: 'adAccount',
  initial: 'pendingReview',
  states: {
    pendingReview: { on: { 'review.approve': 'empty', 'review.reject': 'closed' } },
    empty: { on: { ...fundable('empty'), 'closure.request': 'pendingClosure' } },
    normal: {
      on: {
        ...fundable('normal'),
        'balance.spendOut': 'empty',
        'bill.overdue': 'outstanding',
        'platform.suspend': 'temporarilyUnavailable',
        'closure.request': 'pendingClosure',
      },
    },
    outstanding: { on: { ...fundable('outstanding'), 'grace.start': 'gracePeriod' } },
    gracePeriod: { on: { ...fundable('gracePeriod'), 'grace.end': 'temporarilyUnavailable' } },
    temporarilyUnavailable: { on: { 'platform.restore': 'normal' } },
    pendingClosure: { on: { 'closure.confirm': 'accountClosure' } },
    accountClosure: { on: { 'closure.finish': 'closed' } },
    closed: { type: 'final' },
  },
});

export type AdAccountSnapshot = SnapshotFrom<typeof adAccountMachine>;

export const adAccountLifecycle = defineLifecycle(adAccountMachine, AD_ACCOUNT_STATE_STATUS);

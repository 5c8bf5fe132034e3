import { setup, type SnapshotFrom } from 'xstate';
import { TG_POST_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// A Telegram post (spec 001 §4: 0 and 4 Draft, 1 Submitted, 2 Sending, 3 Completed; 9 Deleted is
// Herald's). A draft is saved again or submitted; a submitted post waits for its send time, and the send
// job moves it to Sending and, once every group has its result, to Completed. A post being sent cannot
// be deleted (its job is posting to the groups). Status 4 is read as Draft and never written
// (docs/decisions.md "Telegram").
export const TG_POST_STATE_STATUS = {
  draft: TG_POST_STATUS.Draft,
  submitted: TG_POST_STATUS.Submitted,
  sending: TG_POST_STATUS.Sending,
  completed: TG_POST_STATUS.Completed,
  deleted: TG_POST_STATUS.Deleted,
} as const;

export type TgPostEvent =
  | { type: 'post.saveDraft' }
  | { type: 'post.submit' }
  | { type: 'send.start' }
  | { type: 'send.finish' }
  | { type: 'post.delete' };

export const tgPostMachine = setup({
  types: { events: {} as TgPostEvent },
}).createMachine({
  id: 'tgPost',
  initial: 'draft',
  states: {
    draft: { on: { 'post.saveDraft': 'draft', 'post.submit': 'submitted', 'post.delete': 'deleted' } },
    submitted: { on: { 'send.start': 'sending', 'post.delete': 'deleted' } },
    sending: { on: { 'send.finish': 'completed' } },
    completed: { on: { 'post.delete': 'deleted' } },
    deleted: { type: 'final' },
  },
});

export type TgPostSnapshot = SnapshotFrom<typeof tgPostMachine>;

const lifecycle = defineLifecycle(tgPostMachine, TG_POST_STATE_STATUS);

/** Status 4 is the spec's second Draft code: the lifecycle reads it as 0. */
const stored = (status: number) => (status === TG_POST_STATUS.DraftCopy ? TG_POST_STATUS.Draft : status);

export const tgPostLifecycle = {
  ...lifecycle,
  snapshotOf: (status: number) => lifecycle.snapshotOf(stored(status)),
  can: (status: number, event: TgPostEvent['type']) => lifecycle.can(stored(status), event),
  next: (status: number, event: TgPostEvent['type']) => lifecycle.next(stored(status), event),
  /** Every stored code from which the event is allowed, 4 included where Draft is. */
  statusesAllowing: (event: TgPostEvent['type']): number[] => {
    const codes: number[] = lifecycle.statusesAllowing(event);
    return codes.includes(TG_POST_STATUS.Draft) ? [...codes, TG_POST_STATUS.DraftCopy] : codes;
  },
};

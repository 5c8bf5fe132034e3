import { setup, type SnapshotFrom } from 'xstate';
import { INBOX_STATUS } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// A smart-inbox message (issue 15 item 7; spec 001 §4 "Unread, Favorited, Archived, Replied, Reviewed";
// docs/decisions.md "Smart inbox"). It arrives Unread; opening it (or marking it) makes it Reviewed, and
// it can be marked unread again; a reply makes it Replied (and more replies keep it there). Any of them
// can be archived; restoring an archived message brings it back Replied when it was answered, else
// Reviewed; a message is not answered from the archive. Favorited is a mark the message keeps through all
// of these, not a state.
export const INBOX_STATE_STATUS = {
  unread: INBOX_STATUS.Unread,
  reviewed: INBOX_STATUS.Reviewed,
  replied: INBOX_STATUS.Replied,
  archived: INBOX_STATUS.Archived,
} as const;

export type InboxMessageEvent =
  | { type: 'message.review' }
  | { type: 'message.markUnread' }
  | { type: 'message.reply' }
  | { type: 'message.archive' }
  | { type: 'message.restore' }
  | { type: 'message.restoreAnswered' };

export const inboxMessageMachine = setup({
  types: { events: {} as InboxMessageEvent },
}).createMachine({
  id: 'inboxMessage',
  initial: 'unread',
  states: {
    unread: { on: { 'message.review': 'reviewed', 'message.reply': 'replied', 'message.archive': 'archived' } },
    reviewed: { on: { 'message.markUnread': 'unread', 'message.reply': 'replied', 'message.archive': 'archived' } },
    replied: { on: { 'message.reply': 'replied', 'message.archive': 'archived' } },
    archived: { on: { 'message.restore': 'reviewed', 'message.restoreAnswered': 'replied' } },
  },
});

export type InboxMessageSnapshot = SnapshotFrom<typeof inboxMessageMachine>;

export const inboxMessageLifecycle = defineLifecycle(inboxMessageMachine, INBOX_STATE_STATUS);

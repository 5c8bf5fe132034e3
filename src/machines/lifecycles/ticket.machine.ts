import { createMachine } from 'xstate';
import { TICKET_STATUSES, type TicketStatusName } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// Spec 001 §4: a ticket is in review, pending, on-hold, solved or closed. The server asks this machine
// whether a change is legal; the console asks it which buttons to show. Meaning of each status:
// inReview: waiting for support; pending: support answered, waiting for the owner; onHold: support
// waits on a third party; solved: done, reopened by a new comment from the owner; closed: final.
/** The contract's ticket statuses (src/gateway/contract/statuses.ts) are this machine's state names. */
export type TicketStatus = TicketStatusName;

export type TicketLifecycleEvent =
  | { type: 'owner.comment' }
  | { type: 'owner.solve' }
  | { type: 'staff.reply' }
  | { type: 'staff.review' }
  | { type: 'staff.hold' }
  | { type: 'staff.solve' }
  | { type: 'staff.close' };

export const ticketLifecycle = createMachine({
  id: 'ticketLifecycle',
  types: {} as { events: TicketLifecycleEvent },
  initial: 'inReview',
  states: {
    inReview: {
      on: {
        'owner.comment': 'inReview',
        'owner.solve': 'solved',
        'staff.reply': 'pending',
        'staff.hold': 'onHold',
        'staff.solve': 'solved',
        'staff.close': 'closed',
      },
    },
    pending: {
      on: {
        'owner.comment': 'inReview',
        'owner.solve': 'solved',
        'staff.reply': 'pending',
        'staff.review': 'inReview',
        'staff.hold': 'onHold',
        'staff.solve': 'solved',
        'staff.close': 'closed',
      },
    },
    onHold: {
      on: {
        'owner.comment': 'onHold',
        'owner.solve': 'solved',
        'staff.reply': 'onHold',
        'staff.review': 'inReview',
        'staff.solve': 'solved',
        'staff.close': 'closed',
      },
    },
    solved: {
      on: { 'owner.comment': 'inReview', 'staff.review': 'inReview', 'staff.close': 'closed' },
    },
    closed: { type: 'final' },
  },
});

export const TICKET_INITIAL_STATUS: TicketStatus = 'inReview';

/** Ticket statuses are the state names (spec 001 §4 words), so the kit's status map is the identity. */
export const ticketLifecycleKit = defineLifecycle(
  ticketLifecycle,
  Object.fromEntries(TICKET_STATUSES.map((name) => [name, name])) as { [K in TicketStatus]: K },
);

/** The staff event that moves a ticket to a chosen status (`npm run support -- status …`). */
export const STAFF_EVENT_FOR_STATUS: Record<Exclude<TicketStatus, 'pending'>, TicketLifecycleEvent['type']> = {
  inReview: 'staff.review',
  onHold: 'staff.hold',
  solved: 'staff.solve',
  closed: 'staff.close',
};

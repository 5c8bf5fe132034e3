import { setup, type SnapshotFrom } from 'xstate';
import type { EmailMessageResult } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// One e-mail (one recipient of a task): spec 001 §4 results unknown, deliver, invalid, soft_bounce,
// submit_fail. `submitted` is the SMTP hand-over done, or a soft bounce waiting for its next attempt;
// its result comes when the attempts end (server/email/send-provider.ts).

export const EMAIL_MESSAGE_STATE_RESULT = {
  queued: 'pending',
  sending: 'pending',
  submitted: 'pending',
  deliver: 'deliver',
  invalid: 'invalid',
  softBounce: 'soft_bounce',
  unknown: 'unknown',
  submitFail: 'submit_fail',
} as const satisfies Record<string, EmailMessageResult>;
export type EmailMessageStateName = keyof typeof EMAIL_MESSAGE_STATE_RESULT;

export type EmailMessageEvent =
  | { type: 'send.claim' }
  | { type: 'carrier.accept' }
  | { type: 'carrier.refuse' }
  | { type: 'send.abort' }
  | { type: 'report.success' }
  | { type: 'report.fail' }
  | { type: 'report.softBounce' }
  | { type: 'report.submitFail' }
  | { type: 'report.unknown' };

export const emailMessageMachine = setup({
  types: { events: {} as EmailMessageEvent },
}).createMachine({
  id: 'emailMessage',
  initial: 'queued',
  states: {
    queued: { on: { 'send.claim': 'sending', 'send.abort': 'submitFail' } },
    /** Claimed by a group job; a retry after a crash claims it again (the provider keeps the first answer). */
    sending: {
      on: {
        'send.claim': 'sending',
        'carrier.accept': 'submitted',
        'carrier.refuse': 'submitFail',
        'send.abort': 'submitFail',
      },
    },
    submitted: {
      on: {
        'report.success': 'deliver',
        'report.fail': 'invalid',
        'report.softBounce': 'softBounce',
        'report.submitFail': 'submitFail',
        'report.unknown': 'unknown',
      },
    },
    deliver: { type: 'final' },
    invalid: { type: 'final' },
    softBounce: { type: 'final' },
    unknown: { type: 'final' },
    submitFail: { type: 'final' },
  },
});

export type EmailMessageSnapshot = SnapshotFrom<typeof emailMessageMachine>;

/** The stored state code of each state (channel_recipients.state). */
export const EMAIL_MESSAGE_STATE_CODE = {
  queued: 0,
  sending: 1,
  submitted: 2,
  deliver: 3,
  invalid: 4,
  softBounce: 5,
  unknown: 6,
  submitFail: 7,
} as const satisfies Record<EmailMessageStateName, number>;

export const emailMessageLifecycle = defineLifecycle(emailMessageMachine, EMAIL_MESSAGE_STATE_CODE);

/** The spec's result of a stored state code. */
export const EMAIL_MESSAGE_RESULT_OF_CODE = Object.fromEntries(
  Object.entries(EMAIL_MESSAGE_STATE_CODE).map(([name, code]) => [
    code,
    EMAIL_MESSAGE_STATE_RESULT[name as EmailMessageStateName],
  ]),
) as Record<number, EmailMessageResult>;

/** The kernel's state codes; a failed report's error code picks soft_bounce or submit_fail over invalid. */
export const EMAIL_MESSAGE_KERNEL_CODES = {
  sending: EMAIL_MESSAGE_STATE_CODE.sending,
  submitted: EMAIL_MESSAGE_STATE_CODE.submitted,
  success: EMAIL_MESSAGE_STATE_CODE.deliver,
  fail: EMAIL_MESSAGE_STATE_CODE.invalid,
  unknown: EMAIL_MESSAGE_STATE_CODE.unknown,
  submitFail: EMAIL_MESSAGE_STATE_CODE.submitFail,
  failByCode: { soft_bounce: EMAIL_MESSAGE_STATE_CODE.softBounce, submit_fail: EMAIL_MESSAGE_STATE_CODE.submitFail },
};

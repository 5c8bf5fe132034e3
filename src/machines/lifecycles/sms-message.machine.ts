import { setup, type SnapshotFrom } from 'xstate';
import type { SmsMessageResult } from '../../gateway/contract/statuses';
import { defineLifecycle } from './kit';

// One message (one recipient of a task): spec 001 §4 results Unknown, Success, Fail, SubmitFail.
// Sends are at-least-once: a retried group re-submits its `sending` messages with the same
// task:recipient key, and the carrier answers a repeated key with its first result.

export const SMS_MESSAGE_STATE_RESULT = {
  queued: 'Pending',
  sending: 'Pending',
  submitted: 'Pending',
  success: 'Success',
  fail: 'Fail',
  unknown: 'Unknown',
  submitFail: 'SubmitFail',
} as const satisfies Record<string, SmsMessageResult>;
export type SmsMessageStateName = keyof typeof SMS_MESSAGE_STATE_RESULT;

export type SmsMessageEvent =
  | { type: 'send.claim' }
  | { type: 'carrier.accept' }
  | { type: 'carrier.refuse' }
  | { type: 'send.abort' }
  | { type: 'report.success' }
  | { type: 'report.fail' }
  | { type: 'report.unknown' };

export const smsMessageMachine = setup({
  types: { events: {} as SmsMessageEvent },
}).createMachine({
  id: 'smsMessage',
  initial: 'queued',
  states: {
    queued: { on: { 'send.claim': 'sending', 'send.abort': 'submitFail' } },
    /** Claimed by a group job; a retry after a crash claims it again. */
    sending: {
      on: {
        'send.claim': 'sending',
        'carrier.accept': 'submitted',
        'carrier.refuse': 'submitFail',
        'send.abort': 'submitFail',
      },
    },
    submitted: { on: { 'report.success': 'success', 'report.fail': 'fail', 'report.unknown': 'unknown' } },
    success: { type: 'final' },
    fail: { type: 'final' },
    unknown: { type: 'final' },
    submitFail: { type: 'final' },
  },
});

export type SmsMessageSnapshot = SnapshotFrom<typeof smsMessageMachine>;

/** The stored state code of each state (channel_recipients.state). */
export const SMS_MESSAGE_STATE_CODE = {
  queued: 0,
  sending: 1,
  submitted: 2,
  success: 3,
  fail: 4,
  unknown: 5,
  submitFail: 6,
} as const satisfies Record<SmsMessageStateName, number>;

/** The kit over the stored codes: `statusesAllowing` is the WHERE of the server's bulk UPDATEs. */
export const smsMessageLifecycle = defineLifecycle(smsMessageMachine, SMS_MESSAGE_STATE_CODE);

/** The spec's result of a stored state code. */
export const SMS_MESSAGE_RESULT_OF_CODE = Object.fromEntries(
  Object.entries(SMS_MESSAGE_STATE_CODE).map(([name, code]) => [
    code,
    SMS_MESSAGE_STATE_RESULT[name as SmsMessageStateName],
  ]),
) as Record<number, SmsMessageResult>;

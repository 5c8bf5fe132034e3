import { setup, transition, type SnapshotFrom } from 'xstate';
import type { SmsMessageResult } from '../../gateway/contract/statuses';

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

const STATES = Object.keys(SMS_MESSAGE_STATE_RESULT) as SmsMessageStateName[];

/** States from which an event is allowed (the server's bulk UPDATEs use them as their WHERE). */
export function smsMessageStatesAllowing(event: SmsMessageEvent): SmsMessageStateName[] {
  return STATES.filter((name) => smsMessageMachine.resolveState({ value: name, context: {} }).can(event));
}

export function nextSmsMessageState(state: SmsMessageStateName, event: SmsMessageEvent): SmsMessageStateName | null {
  const snapshot = smsMessageMachine.resolveState({ value: state, context: {} });
  if (!snapshot.can(event)) return null;
  return transition(smsMessageMachine, snapshot, event)[0].value as SmsMessageStateName;
}

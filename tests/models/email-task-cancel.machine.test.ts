import { expect, it } from 'vitest';
import { createActor } from 'xstate';
import { emailTaskCancelMachine } from '../../src/machines/email-task-cancel.machine';
import type { SmsTaskCancelContext } from '../../src/machines/sms-task-cancel.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { EMAIL_TASK_STATE_STATUS } from '../../src/machines/lifecycles/email-task.machine';
import { testModel } from './harness';

// The SMS cancel statechart under the e-mail id, with the e-mail task lifecycle (0-11) as its guard.
const waiting = { TaskId: 't1', TaskName: 'Spring mail', Status: EMAIL_TASK_STATE_STATUS.waiting, ResultState: 0 };
const completed = { TaskId: 't2', TaskName: 'Done', Status: EMAIL_TASK_STATE_STATUS.completed, ResultState: 4 };

testModel('email-task-cancel.machine', {
  machine: emailTaskCancelMachine,
  input: () => ({}),
  events: {
    'cancel.ask': [{ task: waiting }, { task: completed }],
    'xstate.error.actor.cancelTask': [
      { error: new GatewayError('CancelEmailSendTask', RetCode.NotFound, 'The task cannot be cancelled') },
    ],
  },
  serializeState: (s: { value: unknown; context: SmsTaskCancelContext }) =>
    JSON.stringify([s.value, s.context.task?.TaskId ?? null, Boolean(s.context.error)]),
  states: {
    confirming: (s) => expect(s.context.task?.TaskId).toBe('t1'),
    failed: (s) => expect(s.context.error).toBe('The task cannot be cancelled'),
  },
});

it('is the e-mail machine, with the e-mail lifecycle deciding', () => {
  const actor = createActor(emailTaskCancelMachine, { input: {} }).start();
  expect(actor.getSnapshot().machine.id).toBe('emailTaskCancel');
  expect(actor.getSnapshot().can({ type: 'cancel.ask', task: completed })).toBe(false);
  // Draft 11 exists only for e-mail: it is deleted, never cancelled.
  const draft = { ...waiting, Status: EMAIL_TASK_STATE_STATUS.draft };
  expect(actor.getSnapshot().can({ type: 'cancel.ask', task: draft })).toBe(false);
  expect(actor.getSnapshot().can({ type: 'cancel.ask', task: waiting })).toBe(true);
});

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { smsTaskCancelMachine, type SmsTaskCancelContext } from '../../src/machines/sms-task-cancel.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { SMS_TASK_STATE_STATUS } from '../../src/machines/lifecycles/sms-task.machine';
import type { QueryClient } from '../../src/gateway/client/mutations/run';
import { testModel } from './harness';

const waiting = { TaskId: 't1', TaskName: 'Spring sale', Status: SMS_TASK_STATE_STATUS.waiting, ResultState: 0 };
const complete = { TaskId: 't2', TaskName: 'Done', Status: SMS_TASK_STATE_STATUS.complete, ResultState: 4 };

testModel('sms-task-cancel.machine', {
  machine: smsTaskCancelMachine,
  input: () => ({}),
  events: {
    'cancel.ask': [{ task: waiting }, { task: complete }],
    'xstate.error.actor.cancelTask': [
      { error: new GatewayError('CancelUSMSSendTask', RetCode.NotFound, 'The task cannot be cancelled') },
    ],
  },
  serializeState: (s: { value: unknown; context: SmsTaskCancelContext }) =>
    JSON.stringify([s.value, s.context.task?.TaskId ?? null, Boolean(s.context.error)]),
  states: {
    confirming: (s) => expect(s.context.task?.TaskId).toBe('t1'),
    failed: (s) => expect(s.context.error).toBe('The task cannot be cancelled'),
    idle: (s) => expect(s.context.task).toBeNull(),
  },
});

describe('cancel a task', () => {
  it('offers cancel only where the task lifecycle allows task.cancel', () => {
    const actor = createActor(smsTaskCancelMachine, { input: {} }).start();
    expect(actor.getSnapshot().can({ type: 'cancel.ask', task: waiting })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'cancel.ask', task: complete })).toBe(false);
    const processing = { ...waiting, Status: SMS_TASK_STATE_STATUS.processing, ResultState: 2 };
    expect(actor.getSnapshot().can({ type: 'cancel.ask', task: processing })).toBe(false);
  });

  it('cancels after the confirm and announces it', async () => {
    const cancelled: string[] = [];
    const machine = smsTaskCancelMachine.provide({
      actors: {
        cancelTask: fromPromise(async ({ input }: { input: { client: QueryClient | null; taskId: string } }) => {
          cancelled.push(input.taskId);
          return { TaskId: input.taskId, Status: SMS_TASK_STATE_STATUS.cancelled as number };
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    const announced: string[] = [];
    actor.on('task.cancelled', (event) => announced.push(event.task.TaskId));
    actor.send({ type: 'cancel.ask', task: waiting });
    expect(cancelled).toEqual([]);
    actor.send({ type: 'cancel.confirm' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cancelled).toEqual(['t1']);
    expect(announced).toEqual(['t1']);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});

import { expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { resendMachine } from '../../src/machines/resend.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

const refusal = (code: number, data: unknown = {}) =>
  new GatewayError('SendActivateEmail', code, `refused ${code}`, data);

// The one resend child of activation, retrieve and reset-password: wait, resend, wait again.
testModel('resend.machine', {
  machine: resendMachine,
  input: () => ({ action: 'SendActivateEmail', request: { Email: 'ada@example.com' }, seconds: 42 }),
  events: {
    'xstate.done.actor.countdown': [{ output: undefined }],
    'xstate.done.actor.send': [{ output: { ResendAfterSeconds: 60 } }],
    'xstate.error.actor.send': [
      { error: refusal(RetCode.ResendTooSoon, { ResendAfterSeconds: 17 }) },
      { error: refusal(RetCode.SystemBusy) },
    ],
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.seconds]),
  states: {
    waiting: (s) => expect([42, 60, 17]).toContain(s.context.seconds),
    resending: (s) => expect(s.context.request).toEqual({ Email: 'ada@example.com' }),
  },
});

// Reset-password's expired link: no first send yet, so the first one can be asked for at once.
testModel(
  'resend.machine, no send yet',
  {
    machine: resendMachine,
    input: () => ({ action: 'SendResetPasswordEmail', request: { Email: 'ada@example.com' }, startReady: true }),
    events: { 'xstate.done.actor.send': [{ output: { ResendAfterSeconds: 60 } }] },
    states: { waiting: (s) => expect(s.context.seconds).toBe(60) },
  },
  { requireAllStates: false },
);

// What the parent hears: a resend began, and a refusal that is not "too soon".
it('reports a resend and its refusal to the parent', async () => {
  const heard: string[] = [];
  const busy = refusal(RetCode.SystemBusy);
  const child = resendMachine.provide({
    actors: { send: fromPromise(() => Promise.reject(busy)) },
  });
  const parent = createMachine({
    invoke: {
      id: 'resend',
      src: child,
      input: { action: 'SendActivateEmail', request: { Email: 'a@b.c' }, seconds: 1 },
    },
    on: { '*': { actions: ({ event }) => heard.push(event.type) } },
  });
  const actor = createActor(parent).start();
  const resend = actor.getSnapshot().children.resend!;
  await waitFor(resend, (s) => s.matches('ready'), { timeout: 3_000 });
  resend.send({ type: 'mail.resend' });
  await waitFor(resend, (s) => s.matches('ready'), { timeout: 3_000 });
  expect(heard).toEqual(['resend.started', 'resend.failed']);
  actor.stop();
});

import { expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { activationMachine } from '../../src/machines/activation.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { useMemoryCredentialStore } from '../../src/gateway/client/credentials';
import { testModel } from './harness';

useMemoryCredentialStore();

const KEY = 'k3y-0123456789abcdefghij';
const refusal = (action: string, code: number, data: unknown = {}) =>
  new GatewayError(action, code, `refused ${code}`, data);
const mailRefusals = [
  { error: refusal('SendActivateEmail', RetCode.UserNotExist) },
  { error: refusal('SendActivateEmail', RetCode.AlreadyActivated) },
  { error: refusal('SendActivateEmail', RetCode.ResendTooSoon, { ResendAfterSeconds: 42 }) },
  { error: refusal('SendActivateEmail', RetCode.SystemBusy) },
];

const events = {
  'field.change': [
    { field: 'email', value: 'ada@example.com' },
    { field: 'email', value: 'not-an-email' },
  ],
  'xstate.done.actor.activate': [{ output: { Email: 'ada@example.com' } }],
  'xstate.error.actor.activate': [
    { error: refusal('ActivateAdminUser', RetCode.AlreadyActivated) },
    { error: refusal('ActivateAdminUser', RetCode.ActivationKeyExpired) },
    { error: refusal('ActivateAdminUser', RetCode.ActivationKeyInvalid) },
    { error: refusal('ActivateAdminUser', RetCode.SystemBusy) },
  ],
  'xstate.done.actor.sendActivationMail': [{ output: { ResendAfterSeconds: 60 } }],
  'xstate.error.actor.sendActivationMail': mailRefusals,
  // the resend child's reports (its own paths are in resend.machine.test.ts)
  'resend.failed': mailRefusals.filter(({ error }) => error.retCode !== RetCode.ResendTooSoon),
};

const serializeState = (s: { value: unknown; context: { email: string; reason: string; error: string | null } }) =>
  JSON.stringify([s.value, s.context.email.includes('@'), s.context.reason, Boolean(s.context.error)]);

// The link from the mail: activate once, then on to sign-in; a bad key offers a new mail.
testModel('activation.machine, a key in the link', {
  machine: activationMachine,
  input: () => ({ key: KEY, email: '' }),
  events,
  serializeState,
  states: {
    activating: (s) => expect(s.context.key).toBe(KEY),
    activated: (s) => expect(s.context.email).toBe('ada@example.com'),
    resend: (s) => expect(['expired', 'invalid']).toContain(s.context.reason),
    'resend.sent': (s) => expect([42, 60]).toContain(s.context.resendAfter),
  },
});

// Sign-in's inactive redirect: /active?email=… without a key asks for a new mail at once.
testModel(
  'activation.machine, no key',
  {
    machine: activationMachine,
    input: () => ({ key: null, email: 'ada@example.com' }),
    events,
    serializeState,
    states: {
      ready: () => expect.unreachable('no key, nothing to activate'),
      resend: (s) => expect(s.context.reason).toBe('notActivated'),
    },
  },
  { requireAllStates: false },
);

// StrictMode starts an actor twice: both runs must share one ActivateAdminUser call and its success.
it('activates a key once however often the actor runs', async () => {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify({ RetCode: 0, Message: 'ok', Data: { Email: 'ada@example.com' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  try {
    const runs = [
      createActor(activationMachine, { input: { key: KEY } }),
      createActor(activationMachine, { input: { key: KEY } }),
    ];
    for (const run of runs) run.start().send({ type: 'activation.start' });
    const results = await Promise.all(runs.map((run) => waitFor(run, (s) => !s.matches('activating'))));
    expect(results.map((s) => s.value)).toEqual(['activated', 'activated']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    runs.forEach((run) => run.stop());
  } finally {
    vi.unstubAllGlobals();
  }
});

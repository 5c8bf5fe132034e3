import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { SIGN_UP_CANCELLED_KEY, whatsappSignUpMachine } from '../../src/machines/whatsapp-sign-up.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { WaNumber } from '../../src/gateway/contract/actions/whatsapp';
import type { QueryClient } from '../../src/gateway/client/mutations/run';
import { testModel } from './harness';

type Snapshot = SnapshotFrom<typeof whatsappSignUpMachine>;

const events = {
  'signup.start': [{}],
  'signup.retry': [{}],
  'account.disconnected': [{}],
  'xstate.done.actor.getSignUpUrl': [
    { output: { Url: 'http://127.0.0.1/sandbox/whatsapp/signup?state=s', State: 's' } },
  ],
  'xstate.error.actor.getSignUpUrl': [{ error: new GatewayError('GetWhatsAppSignUpUrl', RetCode.SystemBusy, 'Busy') }],
  'xstate.done.actor.connect': [{ output: { Account: { WabaId: '1', Name: 'Shop', ConnectTime: 1 }, Numbers: [] } }],
  'xstate.error.actor.connect': [
    { error: new GatewayError('ConnectWhatsAppAccount', RetCode.WhatsAppSignUpExpired, 'Expired') },
  ],
};
const config = {
  machine: whatsappSignUpMachine,
  events,
  serializeState: (s: Snapshot) => JSON.stringify([s.value, s.context.error !== null]),
  states: {
    refused: (s: Snapshot) => expect(s.context.error).not.toBeNull(),
    connected: (s: Snapshot) => expect(s.context.returned).toEqual({}),
  },
};

testModel(
  'whatsapp-sign-up.machine, from the number page',
  { ...config, input: () => ({}) },
  { requireAllStates: false },
);
testModel(
  'whatsapp-sign-up.machine, back from the sign-up with a code',
  { ...config, input: () => ({ returned: { code: 'sbx-shop-abcd', state: 'x'.repeat(32) } }) },
  { requireAllStates: false },
);

describe('WhatsApp sign-up', () => {
  it('starts refused with the cancel message when the person chose Cancel', () => {
    const actor = createActor(whatsappSignUpMachine, { input: { returned: { error: 'access_denied' } } }).start();
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.error).toBe(SIGN_UP_CANCELLED_KEY);
  });

  it('leaves for the sign-up address the gateway answers', async () => {
    const visited: string[] = [];
    const machine = whatsappSignUpMachine.provide({
      actors: { getSignUpUrl: fromPromise(async () => ({ Url: 'http://x/signup?state=abc', State: 'abc' })) },
      actions: { goToSignUp: (_, params: { url: string }) => void visited.push(params.url) },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'signup.start' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(visited).toEqual(['http://x/signup?state=abc']);
  });

  it('exchanges the returned code and state', async () => {
    const seen: unknown[] = [];
    const machine = whatsappSignUpMachine.provide({
      actors: {
        connect: fromPromise(
          async ({ input }: { input: { client: QueryClient | null; code: string; state: string } }) => {
            seen.push([input.code, input.state]);
            return { Account: { WabaId: '1', Name: 'Shop', ConnectTime: 1 }, Numbers: [] as WaNumber[] };
          },
        ),
      },
    });
    const actor = createActor(machine, { input: { returned: { code: 'sbx-shop-abcd', state: 'st' } } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('connected');
    expect(seen).toEqual([['sbx-shop-abcd', 'st']]);
  });
});

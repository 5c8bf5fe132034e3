import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  EMAIL_VERIFY_NETWORK_FAILURE_KEY,
  emailDomainVerifyMachine,
  type EmailDomainVerifyContext,
} from '../../src/machines/email-domain-verify.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { EmailDomain } from '../../src/gateway/contract/actions/email-domains';
import type { QueryClient } from '../../src/gateway/client/mutations/run';
import { testModel } from './harness';

const domain = (Status: number): EmailDomain => ({
  DomainId: 'EDabcdef01',
  Domain: 'mail.example.com',
  TrackingPrefix: 'track',
  TrackingDomain: 'track.mail.example.com',
  DkimSelector: 'herald2026',
  Status,
  VerifiedBefore: false,
  Editable: Status !== 2,
  Records: [],
  CheckTime: 1,
  VerifyTime: 0,
  CreateTime: 1,
});

testModel('email-domain-verify.machine', {
  machine: emailDomainVerifyMachine,
  input: () => ({ domainId: 'EDabcdef01' }),
  events: {
    'xstate.done.actor.verifyDomain': [{ output: domain(1) }, { output: domain(2) }],
    'xstate.error.actor.verifyDomain': [{ error: new GatewayError('VerifyUEmailDomain', RetCode.NotFound, 'Gone') }],
  },
  serializeState: (s: { value: unknown; context: EmailDomainVerifyContext }) =>
    JSON.stringify([s.value, s.context.result?.Status ?? null, Boolean(s.context.error)]),
  states: {
    passed: (s) => expect(s.context.result?.Status).toBe(1),
    failed: (s) => expect(s.context.result?.Status).toBe(2),
    error: (s) => expect(s.context.error).toBe('Gone'),
  },
});

describe('verify a domain', () => {
  it('runs the check for its domain and lands on the status the server answered', async () => {
    const asked: string[] = [];
    const machine = emailDomainVerifyMachine.provide({
      actors: {
        verifyDomain: fromPromise(async ({ input }: { input: { client: QueryClient | null; domainId: string } }) => {
          asked.push(input.domainId);
          return domain(asked.length === 1 ? 2 : 1);
        }),
      },
    });
    const actor = createActor(machine, { input: { domainId: 'EDabcdef01' } }).start();
    actor.send({ type: 'verify.start' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'verify.start' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('passed');
    expect(asked).toEqual(['EDabcdef01', 'EDabcdef01']);
  });

  it('names a lost connection with its own text', async () => {
    const machine = emailDomainVerifyMachine.provide({
      actors: { verifyDomain: fromPromise(() => Promise.reject(new TypeError('fetch failed'))) },
    });
    const actor = createActor(machine, { input: { domainId: 'EDabcdef01' } }).start();
    actor.send({ type: 'verify.start' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context.error).toBe(EMAIL_VERIFY_NETWORK_FAILURE_KEY);
  });
});

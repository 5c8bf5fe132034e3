import { assign, fromPromise, setup } from 'xstate';
import { verifyEmailDomainMutation } from '../gateway/client/mutations/email-domains';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { failureText } from '../gateway/client/failures';
import type { EmailDomain } from '../gateway/contract/actions/email-domains';
import { EMAIL_DOMAIN_STATUS } from '../gateway/contract/statuses';

// "Verify now" on a sending domain (/email/setting): the VerifyUEmailDomain mutation looks the DNS
// records up on the server; the answer is the domain with a status per record. Passed when the domain
// passed; failed otherwise, with the hint that DNS takes 10 to 30 minutes; a refusal or a lost
// connection shows its message. Every outcome can be checked again.

export interface EmailDomainVerifyContext {
  client: QueryClient | null;
  domainId: string;
  /** The domain as the last check answered it. */
  result: EmailDomain | null;
  /** The server's Message, or an `emailSetting:` key when the gateway could not be reached. */
  error: string | null;
}

export type EmailDomainVerifyEvent = { type: 'verify.start' };

export const EMAIL_VERIFY_NETWORK_FAILURE_KEY = 'emailSetting:verify.networkFailed';

export const emailDomainVerifyMachine = setup({
  types: {
    context: {} as EmailDomainVerifyContext,
    events: {} as EmailDomainVerifyEvent,
    input: {} as { client?: QueryClient; domainId: string },
  },
  actors: {
    verifyDomain: fromPromise(({ input }: { input: { client: QueryClient | null; domainId: string } }) =>
      runMutation(input.client!, verifyEmailDomainMutation(input.client!), input.domainId),
    ),
  },
  guards: {
    domainPassed: (_, params: { domain: EmailDomain }) => params.domain.Status === EMAIL_DOMAIN_STATUS.Passed,
  },
  actions: {
    keepResult: assign((_, params: { domain: EmailDomain }) => ({ result: params.domain, error: null })),
    rememberError: assign((_, params: { error: unknown }) => ({
      error: failureText(params.error, EMAIL_VERIFY_NETWORK_FAILURE_KEY),
    })),
  },
}).createMachine({
  id: 'emailDomainVerify',
  context: ({ input }) => ({ client: input.client ?? null, domainId: input.domainId, result: null, error: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'verify.start': 'checking' } },
    checking: {
      invoke: {
        id: 'verifyDomain',
        src: 'verifyDomain',
        input: ({ context }) => ({ client: context.client, domainId: context.domainId }),
        onDone: [
          {
            guard: { type: 'domainPassed', params: ({ event }) => ({ domain: event.output }) },
            target: 'passed',
            actions: { type: 'keepResult', params: ({ event }) => ({ domain: event.output }) },
          },
          { target: 'failed', actions: { type: 'keepResult', params: ({ event }) => ({ domain: event.output }) } },
        ],
        onError: {
          target: 'error',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    passed: { on: { 'verify.start': 'checking' } },
    failed: { on: { 'verify.start': 'checking' } },
    error: { on: { 'verify.start': 'checking' } },
  },
});

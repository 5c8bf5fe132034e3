import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { SOCIAL_SIGNIN_DENIED_KEY, socialSignInMachine } from '../../src/machines/social-signin.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { SocialIdentity, SocialSignInOutcome } from '../../src/gateway/contract/actions/social-signin';
import type { QueryClient } from '../../src/gateway/client/mutations/run';
import { testModel } from './harness';

type Snapshot = SnapshotFrom<typeof socialSignInMachine>;

const signedIn: SocialSignInOutcome = {
  Result: 'signedIn',
  AccessToken: 'a',
  RefreshToken: 'r',
  AdminUserID: 7,
  Email: 'me@example.com',
  Name: 'Me',
};
const ticket = (Result: SocialSignInOutcome['Result'], Email = 'me@example.com'): SocialSignInOutcome => ({
  Result,
  Ticket: 't'.repeat(32),
  Email,
  Name: 'Me',
});
const refusal = (action: string, code: number) => ({ error: new GatewayError(action, code, 'No') });

const events = {
  'field.change': [
    { field: 'email', value: 'typed@example.com' },
    { field: 'password', value: 'Secret-9' },
  ],
  'register.submit': [{}],
  'link.choose': [{}],
  'link.submit': [{}],
  'signin.retry': [{}],
  'xstate.done.actor.login': [
    { output: signedIn },
    { output: ticket('needsRegistration') },
    { output: ticket('needsRegistration', '') },
    { output: ticket('needsLink') },
  ],
  'xstate.error.actor.login': [refusal('LoginBySocialMedia', RetCode.SocialSignInStateInvalid)],
  'xstate.done.actor.register': [
    { output: signedIn },
    { output: { Result: 'activationSent', Email: 'typed@example.com', Name: 'Me' } },
  ],
  'xstate.error.actor.register': [
    refusal('RegisterBySocialMedia', RetCode.SocialSignInTicketInvalid),
    refusal('RegisterBySocialMedia', RetCode.SocialSignInEmailTaken),
    refusal('RegisterBySocialMedia', RetCode.ValidationError),
  ],
  'xstate.done.actor.bind': [{ output: signedIn }],
  'xstate.error.actor.bind': [
    refusal('LoginBindSocialMedia', RetCode.SocialSignInTicketInvalid),
    refusal('LoginBindSocialMedia', RetCode.SignInFailed),
  ],
  'xstate.done.actor.linkIdentity': [
    { output: { IdentityId: 1, PlatformType: 4, Name: 'Me', Email: '', LinkedAt: 1 } },
  ],
  'xstate.error.actor.linkIdentity': [refusal('LinkSocialIdentity', RetCode.SocialIdentityTaken)],
  'xstate.done.actor.getAuthUrl': [
    { output: { Url: 'http://127.0.0.1/sandbox/social/4/authorize?state=s', State: 's' } },
  ],
  'xstate.error.actor.getAuthUrl': [refusal('GetSocialMediaAuthUrl', RetCode.SystemBusy)],
};
const config = {
  machine: socialSignInMachine,
  events,
  serializeState: (s: Snapshot) =>
    JSON.stringify([s.value, s.context.error !== null, s.context.platformEmail !== '', s.context.tokens !== null]),
  states: {
    refused: (s: Snapshot) => expect(s.context.error).not.toBeNull(),
    signedIn: (s: Snapshot) => expect(s.context.tokens?.AccessToken).toBe('a'),
    needsLink: (s: Snapshot) => expect(s.context.ticket).not.toBe(''),
    needsRegistration: (s: Snapshot) => expect(s.context.ticket).not.toBe(''),
  },
};

testModel(
  'social-signin.machine, back from the platform with a code',
  { ...config, input: () => ({ platform: 4, returned: { code: 'c', state: 's.m' } }) },
  { requireAllStates: false },
);
testModel(
  'social-signin.machine, a reload after the code was spent (the kept ticket)',
  {
    ...config,
    input: () => ({
      platform: 4,
      returned: {},
      resumed: { kind: 'needsLink' as const, ticket: 't'.repeat(32), platformEmail: '', name: 'Me', service: '/sms' },
    }),
  },
  { requireAllStates: false },
);
testModel(
  'social-signin.machine, back from linking another identity in Settings',
  { ...config, input: () => ({ platform: 4, returned: { code: 'c', state: 'link~n.m' } }) },
  { requireAllStates: false },
);
testModel(
  'social-signin.machine, back from the platform denied',
  { ...config, input: () => ({ platform: 4, returned: { error: 'access_denied' } }) },
  { requireAllStates: false },
);

describe('social sign-in', () => {
  it('starts refused with the denied message when the person chose Deny', () => {
    const actor = createActor(socialSignInMachine, {
      input: { platform: 1, returned: { error: 'access_denied' } },
    }).start();
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.error).toBe(SOCIAL_SIGNIN_DENIED_KEY);
  });

  it('registers with a typed e-mail when the platform shared none, and links with the password otherwise', async () => {
    const seen: unknown[] = [];
    const machine = socialSignInMachine.provide({
      actors: {
        login: fromPromise(async () => ticket('needsRegistration', '')),
        register: fromPromise(
          async ({ input }: { input: { client: QueryClient | null; ticket: string; email: string } }) => {
            seen.push(['register', input.email]);
            return { Result: 'activationSent', Email: input.email, Name: 'Me' } as SocialSignInOutcome;
          },
        ),
      },
    });
    const actor = createActor(machine, { input: { platform: 6, returned: { code: 'c', state: 's' } } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('needsRegistration');
    actor.send({ type: 'field.change', field: 'email', value: ' typed@example.com ' });
    actor.send({ type: 'register.submit' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('activationSent');
    expect(seen).toEqual([['register', 'typed@example.com']]);
  });

  it('keeps the ticket once the code is spent, goes on from it after a reload, and forgets it once signed in', async () => {
    const kept: unknown[] = [];
    const actions = {
      keepProgress: ({ context }: { context: { ticket: string; service: string } }, p: { kind: string }) =>
        void kept.push([p.kind, context.ticket, context.service]),
      dropProgress: () => void kept.push('dropped'),
    };
    const first = createActor(
      socialSignInMachine.provide({
        actors: {
          login: fromPromise(async (): Promise<SocialSignInOutcome> => ({
            ...ticket('needsLink'),
            Service: '/sms/send',
          })),
        },
        actions,
      }),
      { input: { platform: 4, returned: { code: 'c', state: 's' } } },
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(first.getSnapshot().value).toBe('needsLink');
    expect(kept).toEqual([['needsLink', 't'.repeat(32), '/sms/send']]);

    const reloaded = createActor(
      socialSignInMachine.provide({ actors: { bind: fromPromise(async () => signedIn) }, actions }),
      {
        input: {
          platform: 4,
          returned: {},
          resumed: {
            kind: 'needsLink',
            ticket: 't'.repeat(32),
            platformEmail: 'me@example.com',
            name: 'Me',
            service: '/sms/send',
          },
        },
      },
    ).start();
    expect(reloaded.getSnapshot().value).toBe('needsLink');
    reloaded.send({ type: 'field.change', field: 'password', value: 'Secret-9' });
    reloaded.send({ type: 'link.submit' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reloaded.getSnapshot().value).toBe('signedIn');
    expect(reloaded.getSnapshot().context.service).toBe('/sms/send');
    expect(kept.at(-1)).toBe('dropped');
  });

  it('finishes a link from Settings with the link state, and retries with a link address', async () => {
    const asked: unknown[] = [];
    const machine = socialSignInMachine.provide({
      actors: {
        linkIdentity: fromPromise(async (): Promise<SocialIdentity> => {
          throw new GatewayError('LinkSocialIdentity', RetCode.SocialIdentityTaken, 'Taken');
        }),
        getAuthUrl: fromPromise(
          async ({
            input,
          }: {
            input: { client: QueryClient | null; platform: number; purpose: 'signin' | 'link' };
          }) => {
            asked.push(input.purpose);
            return { Url: 'http://x/authorize?state=link~n.m', State: 'link~n.m' };
          },
        ),
      },
    });
    const actor = createActor(machine, { input: { platform: 4, returned: { code: 'c', state: 'link~n.m' } } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('refused');
    actor.send({ type: 'signin.retry' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual(['link']);
  });

  it('leaves for the platform again on Retry', async () => {
    const visited: string[] = [];
    const machine = socialSignInMachine.provide({
      actors: { getAuthUrl: fromPromise(async () => ({ Url: 'http://x/authorize?state=n', State: 'n' })) },
      actions: { goToPlatform: (_, params: { url: string }) => void visited.push(params.url) },
    });
    const actor = createActor(machine, { input: { platform: 4, returned: {} } }).start();
    actor.send({ type: 'signin.retry' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('leaving');
    expect(visited).toEqual(['http://x/authorize?state=n']);
  });
});

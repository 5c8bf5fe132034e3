import { assign, fromPromise, setup } from 'xstate';
import { failureText } from '../gateway/client/failures';
import { GatewayError } from '../gateway/client/call';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { socialSignInMutations } from '../gateway/client/mutations/social';
import { RetCode } from '../gateway/contract/retcodes';
import type { SocialSignInOutcome } from '../gateway/contract/actions/social-signin';
import type { TokenSet } from './session.machine';

// Signing in with a social platform (issue 16 item 2; docs/decisions.md "Post statistics and social
// sign-in"). The platform sends the browser back to /medialogin/{type} with `code` and `state` (or `error`),
// where this machine starts: exchanging them (LoginBySocialMedia), then signed in (the session takes the
// tokens, as after a password sign-in), or a new platform account to register (RegisterBySocialMedia with
// the platform's e-mail, or one typed), or one to link to the existing account of its e-mail after that
// account's password (LoginBindSocialMedia), or refused (denied, expired or replayed state) with Retry,
// which asks for a new sign-in address and leaves for the platform again.

export interface SocialSignInReturn {
  code?: string;
  state?: string;
  error?: string;
}

export interface SocialSignInContext {
  client: QueryClient | null;
  platform: number;
  returned: SocialSignInReturn;
  ticket: string;
  /** the platform's e-mail ('' when it shared none) */
  platformEmail: string;
  /** the e-mail typed when the platform shared none */
  email: string;
  password: string;
  name: string;
  /** i18n key or the gateway's words */
  error: string | null;
  tokens: (TokenSet & { email: string }) | null;
}

export type SocialSignInEvent =
  | { type: 'field.change'; field: 'email' | 'password'; value: string }
  | { type: 'register.submit' }
  | { type: 'link.choose' }
  | { type: 'link.submit' }
  | { type: 'signin.retry' };

/** Shown when the person chose Deny on the platform's page, or came without a code. */
export const SOCIAL_SIGNIN_DENIED_KEY = 'auth:social.denied';

/** One exchange per state: a remounted page (StrictMode) shares the first instead of spending the state again. */
const exchanges = new Map<string, Promise<SocialSignInOutcome>>();
function exchangeOnce(client: QueryClient, platform: number, code: string, state: string) {
  if (!exchanges.has(state))
    exchanges.set(
      state,
      runMutation(client, socialSignInMutations.login(), { PlatformType: platform, Code: code, State: state }),
    );
  return exchanges.get(state)!;
}

const resultIs = (result: SocialSignInOutcome['Result']) => (_: unknown, params: { outcome: SocialSignInOutcome }) =>
  params.outcome.Result === result;
const codeIs = (code: number) => (_: unknown, params: { error: unknown }) =>
  params.error instanceof GatewayError && params.error.retCode === code;

export const socialSignInMachine = setup({
  types: {
    context: {} as SocialSignInContext,
    events: {} as SocialSignInEvent,
    input: {} as { client?: QueryClient | null; platform?: number; returned?: SocialSignInReturn },
  },
  actors: {
    login: fromPromise(
      ({ input }: { input: { client: QueryClient | null; platform: number; code: string; state: string } }) =>
        exchangeOnce(input.client!, input.platform, input.code, input.state),
    ),
    register: fromPromise(({ input }: { input: { client: QueryClient | null; ticket: string; email: string } }) =>
      runMutation(input.client!, socialSignInMutations.register(), {
        Ticket: input.ticket,
        ...(input.email ? { Email: input.email } : {}),
      }),
    ),
    bind: fromPromise(
      ({ input }: { input: { client: QueryClient | null; ticket: string; email: string; password: string } }) =>
        runMutation(input.client!, socialSignInMutations.bind(), {
          Ticket: input.ticket,
          Password: input.password,
          ...(input.email ? { Email: input.email } : {}),
        }),
    ),
    getAuthUrl: fromPromise(({ input }: { input: { client: QueryClient | null; platform: number } }) =>
      runMutation(input.client!, socialSignInMutations.authUrl(), { PlatformType: input.platform, Purpose: 'signin' }),
    ),
  },
  guards: {
    returnedWithCode: ({ context }) => Boolean(context.returned.code && context.returned.state),
    isSignedIn: resultIs('signedIn'),
    needsRegistration: resultIs('needsRegistration'),
    needsLink: resultIs('needsLink'),
    isActivationSent: resultIs('activationSent'),
    isTicketGone: codeIs(RetCode.SocialSignInTicketInvalid),
    isEmailTaken: codeIs(RetCode.SocialSignInEmailTaken),
  },
  actions: {
    /** The view leaves for the platform's page (the machine holds no DOM). */
    goToPlatform: (_, _params: { url: string }) => undefined,
    setField: assign(({ event }) => (event.type === 'field.change' ? { [event.field]: event.value, error: null } : {})),
    rememberOutcome: assign((_, params: { outcome: SocialSignInOutcome }) => ({
      ticket: params.outcome.Ticket ?? '',
      platformEmail: params.outcome.Email,
      name: params.outcome.Name,
      error: null,
    })),
    storeTokens: assign(({ context }, params: { outcome: SocialSignInOutcome }) => ({
      tokens: {
        AccessToken: params.outcome.AccessToken ?? '',
        RefreshToken: params.outcome.RefreshToken ?? '',
        AdminUserID: params.outcome.AdminUserID ?? 0,
        email: params.outcome.Email,
      },
      password: '',
      returned: {},
      name: params.outcome.Name || context.name,
    })),
    rememberSent: assign((_, params: { outcome: SocialSignInOutcome }) => ({ email: params.outcome.Email })),
    rememberError: assign((_, params: { error: unknown }) => ({ error: failureText(params.error) })),
    rememberDenied: assign({ error: SOCIAL_SIGNIN_DENIED_KEY }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'socialSignIn',
  context: ({ input }) => ({
    client: input?.client ?? null,
    platform: input?.platform ?? 0,
    returned: input?.returned ?? {},
    ticket: '',
    platformEmail: '',
    email: '',
    password: '',
    name: '',
    error: null,
    tokens: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'returnedWithCode', target: 'exchanging' },
        { target: 'refused', actions: 'rememberDenied' },
      ],
    },
    exchanging: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({
          client: context.client,
          platform: context.platform,
          code: context.returned.code ?? '',
          state: context.returned.state ?? '',
        }),
        onDone: [
          {
            guard: { type: 'isSignedIn', params: ({ event }) => ({ outcome: event.output }) },
            target: 'signedIn',
            actions: { type: 'storeTokens', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'needsLink', params: ({ event }) => ({ outcome: event.output }) },
            target: 'needsLink',
            actions: { type: 'rememberOutcome', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'needsRegistration',
            actions: { type: 'rememberOutcome', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: {
          target: 'refused',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    needsRegistration: {
      on: {
        'field.change': { actions: 'setField' },
        'register.submit': { target: 'registering', actions: 'clearError' },
        /** "I already have an account": link this platform account to it with its password. */
        'link.choose': { target: 'needsLink', actions: 'clearError' },
      },
    },
    registering: {
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => ({ client: context.client, ticket: context.ticket, email: context.email.trim() }),
        onDone: [
          {
            guard: { type: 'isActivationSent', params: ({ event }) => ({ outcome: event.output }) },
            target: 'activationSent',
            actions: { type: 'rememberSent', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'signedIn',
            actions: { type: 'storeTokens', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'isTicketGone', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isEmailTaken', params: ({ event }) => ({ error: event.error }) },
            target: 'needsLink',
            actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'needsRegistration',
            actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    needsLink: {
      on: {
        'field.change': { actions: 'setField' },
        'link.submit': { target: 'linking', actions: 'clearError' },
      },
    },
    linking: {
      invoke: {
        id: 'bind',
        src: 'bind',
        input: ({ context }) => ({
          client: context.client,
          ticket: context.ticket,
          email: context.platformEmail ? '' : context.email.trim(),
          password: context.password,
        }),
        onDone: {
          target: 'signedIn',
          actions: { type: 'storeTokens', params: ({ event }) => ({ outcome: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isTicketGone', params: ({ event }) => ({ error: event.error }) },
            target: 'refused',
            actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'needsLink',
            actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    refused: {
      on: { 'signin.retry': 'opening' },
    },
    opening: {
      invoke: {
        id: 'getAuthUrl',
        src: 'getAuthUrl',
        input: ({ context }) => ({ client: context.client, platform: context.platform }),
        onDone: {
          target: 'leaving',
          actions: { type: 'goToPlatform', params: ({ event }) => ({ url: event.output.Url }) },
        },
        onError: {
          target: 'refused',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The browser is on its way to the platform's page. */
    leaving: {},
    /** The session takes the tokens; the guest route goes on to the console. */
    signedIn: { type: 'final' },
    /** A typed e-mail: the account exists once its activation link is opened. */
    activationSent: { type: 'final' },
  },
});

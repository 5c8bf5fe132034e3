import { assign, fromPromise, setup } from 'xstate';
import { failureText } from '../gateway/client/failures';
import { GatewayError } from '../gateway/client/call';
import { runMutation, type QueryClient } from '../gateway/client/mutations/run';
import { socialSignInMutations } from '../gateway/client/mutations/social';
import { RetCode } from '../gateway/contract/retcodes';
import { LINK_STATE_PREFIX, type SocialSignInOutcome } from '../gateway/contract/actions/social-signin';
import type { TokenSet } from './session.machine';

// Signing in with a social platform (issue 16 item 2; docs/decisions.md "Post statistics and social
// sign-in"). The platform sends the browser back to /medialogin/{type} with `code` and `state` (or `error`),
// where this machine starts: exchanging them (LoginBySocialMedia), then signed in (the session takes the
// tokens, as after a password sign-in), or a new platform account to register (RegisterBySocialMedia with
// the platform's e-mail, or one typed), or one to link to the existing account of its e-mail after that
// account's password (LoginBindSocialMedia), or refused (denied, expired or replayed state) with Retry,
// which asks for a new sign-in address and leaves for the platform again.
// Settings' "Link another" returns here too, with a link state (LINK_STATE_PREFIX): the signed-in account
// finishes it (LinkSocialIdentity) and the page goes back to Settings. Once the code is spent and a ticket
// answered, `keepProgress` lets the view keep the ticket for a reload (and take the code out of the address);
// a reload without a code starts from that progress (`resumed`). docs/decisions.md "Social sign-in: linked
// identities, service, reloads".

export interface SocialSignInReturn {
  code?: string;
  state?: string;
  error?: string;
}

/** What a reload needs to go on after the code was spent: never the password. */
export interface SocialSignInProgress {
  kind: 'needsLink' | 'needsRegistration';
  ticket: string;
  platformEmail: string;
  name: string;
  service: string;
}

export interface SocialSignInContext {
  client: QueryClient | null;
  platform: number;
  returned: SocialSignInReturn;
  /** signin, or link: Settings linking another identity to the signed-in account */
  purpose: 'signin' | 'link';
  /** the sign-in page's `service`, as the signed state kept it ('' for none) */
  service: string;
  /** the progress a reload started from */
  resumed: SocialSignInProgress | null;
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
const exchanges = new Map<string, Promise<unknown>>();
function once<T>(state: string, run: () => Promise<T>): Promise<T> {
  if (!exchanges.has(state)) exchanges.set(state, run());
  return exchanges.get(state)! as Promise<T>;
}
const exchangeOnce = (client: QueryClient, platform: number, code: string, state: string) =>
  once(state, () =>
    runMutation(client, socialSignInMutations.login(), { PlatformType: platform, Code: code, State: state }),
  );

const resultIs = (result: SocialSignInOutcome['Result']) => (_: unknown, params: { outcome: SocialSignInOutcome }) =>
  params.outcome.Result === result;
const codeIs = (code: number) => (_: unknown, params: { error: unknown }) =>
  params.error instanceof GatewayError && params.error.retCode === code;

export const socialSignInMachine = setup({
  types: {
    context: {} as SocialSignInContext,
    events: {} as SocialSignInEvent,
    input: {} as {
      client?: QueryClient | null;
      platform?: number;
      returned?: SocialSignInReturn;
      resumed?: SocialSignInProgress | null;
    },
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
    linkIdentity: fromPromise(
      ({ input }: { input: { client: QueryClient | null; platform: number; code: string; state: string } }) =>
        once(input.state, () =>
          runMutation(input.client!, socialSignInMutations.linkIdentity(), {
            PlatformType: input.platform,
            Code: input.code,
            State: input.state,
          }),
        ),
    ),
    getAuthUrl: fromPromise(
      ({ input }: { input: { client: QueryClient | null; platform: number; purpose: 'signin' | 'link' } }) =>
        runMutation(input.client!, socialSignInMutations.authUrl(), {
          PlatformType: input.platform,
          Purpose: input.purpose,
        }),
    ),
  },
  guards: {
    returnedWithCode: ({ context }) => Boolean(context.returned.code && context.returned.state),
    returnedToLink: ({ context }) =>
      Boolean(context.returned.code && context.returned.state?.startsWith(LINK_STATE_PREFIX)),
    resumedLink: ({ context }) => context.resumed?.kind === 'needsLink',
    resumedRegistration: ({ context }) => context.resumed?.kind === 'needsRegistration',
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
    /** The view keeps the ticket for a reload and takes the spent code out of the address. */
    keepProgress: (_, _params: { kind: SocialSignInProgress['kind'] }) => undefined,
    /** The view forgets the kept ticket (signed in, sent, or refused). */
    dropProgress: () => undefined,
    setField: assign(({ event }) => (event.type === 'field.change' ? { [event.field]: event.value, error: null } : {})),
    rememberOutcome: assign((_, params: { outcome: SocialSignInOutcome }) => ({
      ticket: params.outcome.Ticket ?? '',
      platformEmail: params.outcome.Email,
      name: params.outcome.Name,
      service: params.outcome.Service ?? '',
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
      service: params.outcome.Service || context.service,
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
    purpose: input?.returned?.state?.startsWith(LINK_STATE_PREFIX) ? 'link' : 'signin',
    service: input?.resumed?.service ?? '',
    resumed: input?.resumed ?? null,
    ticket: input?.resumed?.ticket ?? '',
    platformEmail: input?.resumed?.platformEmail ?? '',
    email: '',
    password: '',
    name: input?.resumed?.name ?? '',
    error: null,
    tokens: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'returnedToLink', target: 'linkingIdentity' },
        { guard: 'returnedWithCode', target: 'exchanging' },
        // A reload after the code was spent goes on from the kept ticket.
        { guard: 'resumedLink', target: 'needsLink' },
        { guard: 'resumedRegistration', target: 'needsRegistration' },
        { target: 'refused', actions: 'rememberDenied' },
      ],
    },
    /** Settings' link of another identity, finished by the signed-in account. */
    linkingIdentity: {
      invoke: {
        id: 'linkIdentity',
        src: 'linkIdentity',
        input: ({ context }) => ({
          client: context.client,
          platform: context.platform,
          code: context.returned.code ?? '',
          state: context.returned.state ?? '',
        }),
        onDone: { target: 'identityLinked', actions: 'clearError' },
        onError: {
          target: 'refused',
          actions: { type: 'rememberError', params: ({ event }) => ({ error: event.error }) },
        },
      },
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
      entry: { type: 'keepProgress', params: { kind: 'needsRegistration' } },
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
      entry: { type: 'keepProgress', params: { kind: 'needsLink' } },
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
      entry: 'dropProgress',
      on: { 'signin.retry': 'opening' },
    },
    opening: {
      invoke: {
        id: 'getAuthUrl',
        src: 'getAuthUrl',
        input: ({ context }) => ({ client: context.client, platform: context.platform, purpose: context.purpose }),
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
    signedIn: { type: 'final', entry: 'dropProgress' },
    /** A typed e-mail: the account exists once its activation link is opened. */
    activationSent: { type: 'final', entry: 'dropProgress' },
    /** Settings shows the new identity. */
    identityLinked: { type: 'final' },
  },
});

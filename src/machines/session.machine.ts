import { assign, fromPromise, setup } from 'xstate';
import { call, callRaw, GatewayError } from '../gateway/client/call';
import { RetCode } from '../gateway/contract/retcodes';
import {
  clearCredentials,
  readCredentials,
  writeCredentials,
  writeUserInfo,
  type Credentials,
} from '../gateway/client/credentials';
import type { UserInfo } from '../gateway/contract/actions/account';

// Spec 000 §4: refresh when 4 to 24 hours have passed since the stored login timestamp.
export const REFRESH_WINDOW_START_MS = 4 * 3_600_000;
export const REFRESH_WINDOW_END_MS = 24 * 3_600_000;
/** How often a signed-in console looks at the refresh window. */
export const REFRESH_CHECK_INTERVAL_MS = 60_000;

export interface TokenSet {
  AccessToken: string;
  RefreshToken: string;
  AdminUserID: number;
}

export interface SessionContext extends Credentials {
  userInfo: UserInfo | null;
  /** The clock the refresh window is measured with (a SimulatedClock in tests). */
  now: () => number;
}

export type SessionEvent =
  | { type: 'session.signIn'; tokens: TokenSet; email: string }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  | { type: 'user.reload' };

export interface SessionInput {
  now?: () => number;
  credentials?: Credentials;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    fetchUserInfo: fromPromise(() => call('GetUserInfo', {}, { silent: true })),
    refreshTokens: fromPromise(async ({ input }: { input: { refreshToken: string } }): Promise<TokenSet> => {
      // Spec 000 §8: RefreshToken errors are passed through without rejection or notification.
      const reply = await callRaw('RefreshToken', { RefreshToken: input.refreshToken });
      if (reply.RetCode !== RetCode.Ok) throw new GatewayError('RefreshToken', reply.RetCode, reply.Message);
      return reply.Data;
    }),
    logout: fromPromise(({ input }: { input: { refreshToken: string | null } }) =>
      input.refreshToken
        ? call('LogoutToken', { RefreshToken: input.refreshToken }, { silent: true })
        : Promise.resolve({}),
    ),
  },
  guards: {
    hasAccessToken: ({ context }) => Boolean(context.accessToken),
    hasNoLoginTimestamp: ({ context }) => context.loginAt === null,
    isInRefreshWindow: ({ context }) => {
      if (!context.refreshToken || context.loginAt === null) return false;
      const elapsed = context.now() - context.loginAt;
      return elapsed >= REFRESH_WINDOW_START_MS && elapsed <= REFRESH_WINDOW_END_MS;
    },
  },
  actions: {
    storeSignIn: assign(({ context, event }) => {
      if (event.type !== 'session.signIn') return {};
      const next = {
        accessToken: event.tokens.AccessToken,
        refreshToken: event.tokens.RefreshToken,
        adminUserId: event.tokens.AdminUserID,
        email: event.email,
        loginAt: context.now(),
      };
      writeCredentials(next);
      return next;
    }),
    storeRefreshedTokens: assign(({ context }, tokens: TokenSet) => {
      const next = {
        accessToken: tokens.AccessToken,
        refreshToken: tokens.RefreshToken,
        adminUserId: tokens.AdminUserID,
        loginAt: context.now(),
      };
      writeCredentials(next);
      return next;
    }),
    stampLoginTimestamp: assign(({ context }) => {
      writeCredentials({ loginAt: context.now() });
      return { loginAt: context.now() };
    }),
    storeUserInfo: assign((_, userInfo: UserInfo) => {
      writeUserInfo(userInfo);
      return { userInfo, email: userInfo.Email };
    }),
    clearStoredCredentials: assign(() => {
      clearCredentials();
      return { accessToken: null, refreshToken: null, loginAt: null, adminUserId: null, email: null, userInfo: null };
    }),
    logRefreshFailure: (_, params: { error: unknown }) => {
      console.warn('[session] token refresh failed; staying signed in until the token ends', params.error);
    },
  },
  delays: { refreshCheckInterval: REFRESH_CHECK_INTERVAL_MS },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...(input?.credentials ?? readCredentials()),
    userInfo: null,
    now: input?.now ?? Date.now,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasAccessToken', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      entry: 'clearStoredCredentials',
      on: { 'session.signIn': { target: 'signedIn', actions: 'storeSignIn' } },
    },
    signedIn: {
      type: 'parallel',
      on: {
        'session.logout': 'loggingOut',
        'session.expired': 'signedOut',
      },
      states: {
        user: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'fetchUserInfo',
                src: 'fetchUserInfo',
                onDone: { target: 'ready', actions: { type: 'storeUserInfo', params: ({ event }) => event.output } },
                // Spec 000 §4: a failed user-info fetch clears the credentials and goes to sign-in.
                onError: { target: '#session.signedOut' },
              },
            },
            ready: { on: { 'user.reload': 'loading' } },
          },
        },
        refresh: {
          initial: 'checking',
          states: {
            checking: {
              always: [
                { guard: 'hasNoLoginTimestamp', target: 'idle', actions: 'stampLoginTimestamp' },
                { guard: 'isInRefreshWindow', target: 'refreshing' },
                { target: 'idle' },
              ],
            },
            idle: { after: { refreshCheckInterval: 'checking' } },
            refreshing: {
              invoke: {
                id: 'refreshTokens',
                src: 'refreshTokens',
                input: ({ context }) => ({ refreshToken: context.refreshToken ?? '' }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'storeRefreshedTokens', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'logRefreshFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
          },
        },
      },
    },
    loggingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ refreshToken: context.refreshToken }),
        // Spec 000 §4: if the call fails the user still goes to sign-in.
        onDone: 'signedOut',
        onError: 'signedOut',
      },
    },
  },
});

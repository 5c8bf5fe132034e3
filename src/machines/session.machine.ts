import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { call, callRaw, GatewayError } from '../gateway/client/call';
import { RetCode, SESSION_ENDING_CODES } from '../gateway/contract/retcodes';
import {
  clearCredentials,
  onStoredCredentialsChange,
  readCredentials,
  withRefreshLock,
  writeCredentials,
  writeUserInfo,
  type Credentials,
} from '../gateway/client/credentials';
import type { UserInfo } from '../gateway/contract/actions/account';
import { recordRotation, rotationOf } from '../gateway/client/rotation-log';

// Spec 000 §4: refresh when 4 to 24 hours have passed since the stored login timestamp.
export const REFRESH_WINDOW_START_MS = 4 * 3_600_000;
export const REFRESH_WINDOW_END_MS = 24 * 3_600_000;
/** How often a signed-in console looks at the refresh window. */
export const REFRESH_CHECK_INTERVAL_MS = 60_000;
/** Offline (the gateway not reached): the user info is asked for again this often, and when the browser is back online. */
export const OFFLINE_RETRY_MS = 15_000;

/** Only an answered session-ending code (215398, 231010) ends a session; aborts, time-outs and busy replies do not. */
const endsSession = (error: unknown) => error instanceof GatewayError && SESSION_ENDING_CODES.includes(error.retCode);

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
  | { type: 'user.reload' }
  | { type: 'user.retry' }
  /** another tab of this browser changed the stored session (a refresh, a sign-in, a sign-out) */
  | { type: 'credentials.changed'; credentials: Credentials };

/** The credentials a refresh leaves stored: its own new pair, or the one another tab stored first. */
type StoredPair = Pick<Credentials, 'accessToken' | 'refreshToken' | 'adminUserId' | 'loginAt'>;

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
    // Spec 000 §4, one RefreshToken at a time, across every tab of the browser: under the lock, a tab
    // whose stored refresh token is no longer the one it knew finds another tab's rotation and takes it.
    refreshTokens: fromPromise(
      ({ input }: { input: { refreshToken: string; now: () => number } }): Promise<StoredPair> =>
        withRefreshLock(async () => {
          const stored = readCredentials();
          if (!stored.refreshToken) throw new Error('signed out in another tab');
          if (stored.refreshToken !== input.refreshToken) return stored;
          // A tab that read the new pair before its sign-in time was written (the keys are stored one by
          // one) holds a just-rotated token: the stored time now says so, and it takes the pair as it is.
          if (stored.loginAt !== null && input.now() - stored.loginAt < REFRESH_WINDOW_START_MS) return stored;
          // This tab's copy of localStorage may not show another tab's rotation yet: the rotation log may.
          const rotated = await rotationOf(input.refreshToken);
          if (rotated) {
            writeCredentials(rotated);
            return rotated;
          }
          // Spec 000 §8: RefreshToken errors are passed through without rejection or notification.
          const reply = await callRaw('RefreshToken', { RefreshToken: input.refreshToken });
          if (reply.RetCode !== RetCode.Ok) throw new GatewayError('RefreshToken', reply.RetCode, reply.Message);
          const next = {
            accessToken: reply.Data.AccessToken,
            refreshToken: reply.Data.RefreshToken,
            adminUserId: reply.Data.AdminUserID,
            loginAt: input.now(),
          };
          // stored before the lock is let go, so the next tab in line reads the new pair
          writeCredentials(next);
          await recordRotation(input.refreshToken, next);
          return next;
        }),
    ),
    watchStoredCredentials: fromCallback<{ type: 'noop' }>(({ sendBack }) =>
      onStoredCredentialsChange((credentials) => sendBack({ type: 'credentials.changed', credentials })),
    ),
    // The retry timer lives here, not as an `after` of the state: it runs beside the refresh region's own timer.
    watchConnection: fromCallback<{ type: 'noop' }>(({ sendBack }) => {
      const retry = () => sendBack({ type: 'user.retry' });
      window.addEventListener('online', retry);
      const timer = setInterval(retry, OFFLINE_RETRY_MS);
      return () => {
        clearInterval(timer);
        window.removeEventListener('online', retry);
      };
    }),
    logout: fromPromise(({ input }: { input: { refreshToken: string | null } }) =>
      input.refreshToken
        ? call('LogoutToken', { RefreshToken: input.refreshToken }, { silent: true })
        : Promise.resolve({}),
    ),
  },
  guards: {
    hasAccessToken: ({ context }) => Boolean(context.accessToken),
    endsSession: (_, params: { error: unknown }) => endsSession(params.error),
    isSignedOutInStore: ({ event }) => event.type === 'credentials.changed' && !event.credentials.accessToken,
    isSignedInInStore: ({ event }) => event.type === 'credentials.changed' && Boolean(event.credentials.accessToken),
    isAnotherAccountInStore: ({ context, event }) =>
      event.type === 'credentials.changed' && event.credentials.adminUserId !== context.adminUserId,
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
    /** A refresh's pair, already stored under the lock. */
    adoptRefreshedTokens: assign((_, pair: StoredPair) => pair),
    /** What another tab stored: taken as it is, never written back (that tab wrote it). */
    adoptStoredCredentials: assign(({ event }) => (event.type === 'credentials.changed' ? event.credentials : {})),
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
  invoke: { id: 'watchStoredCredentials', src: 'watchStoredCredentials' },
  states: {
    restoring: {
      always: [{ guard: 'hasAccessToken', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedOut: {
      entry: 'clearStoredCredentials',
      on: {
        'session.signIn': { target: 'signedIn', actions: 'storeSignIn' },
        'credentials.changed': { guard: 'isSignedInInStore', target: 'signedIn', actions: 'adoptStoredCredentials' },
      },
    },
    signedIn: {
      type: 'parallel',
      on: {
        'session.logout': 'loggingOut',
        'session.expired': 'signedOut',
        'credentials.changed': [
          { guard: 'isSignedOutInStore', target: 'signedOut' },
          // another account signed in there: this tab follows it and loads that user
          { guard: 'isAnotherAccountInStore', target: 'signedIn', reenter: true, actions: 'adoptStoredCredentials' },
          { actions: 'adoptStoredCredentials' },
        ],
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
                // Spec 000 §4: a failed user-info fetch clears the credentials and goes to sign-in, when the
                // gateway answered that the session is over; an abort, a time-out or a busy gateway is not
                // that answer, and keeps the credentials (issue 20).
                onError: [
                  {
                    guard: { type: 'endsSession', params: ({ event }) => ({ error: event.error }) },
                    target: '#session.signedOut',
                  },
                  { target: 'offline' },
                ],
              },
            },
            ready: { on: { 'user.reload': 'loading' } },
            /** The gateway was not reached: signed in still, retried by hand, by timer and when back online. */
            offline: {
              invoke: { id: 'watchConnection', src: 'watchConnection' },
              on: { 'user.retry': 'loading' },
            },
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
                input: ({ context }) => ({ refreshToken: context.refreshToken ?? '', now: context.now }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'adoptRefreshedTokens', params: ({ event }) => event.output },
                },
                onError: [
                  // 231010 (reuse) or 215398: the family is gone, the session with it
                  {
                    guard: { type: 'endsSession', params: ({ event }) => ({ error: event.error }) },
                    target: '#session.signedOut',
                  },
                  {
                    target: 'idle',
                    actions: { type: 'logRefreshFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
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

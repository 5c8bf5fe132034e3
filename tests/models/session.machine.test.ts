import { expect } from 'vitest';
import type { SimulatedClock } from 'xstate';
import { sessionMachine, REFRESH_WINDOW_START_MS, REFRESH_WINDOW_END_MS } from '../../src/machines/session.machine';
import { useMemoryCredentialStore } from '../../src/gateway/client/credentials';
import { GatewayError, NetworkError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

useMemoryCredentialStore();

const HOUR = 3_600_000;
const user = { AdminUserId: 1, Email: 'demo@herald.local', DisplayName: 'Demo', Permissions: ['WhatsAppAgent'] };
const tokens = { AccessToken: 'a2', RefreshToken: 'r2', AdminUserID: 1 };

/** A stored session signed in `hoursAgo` before the clock's now (null: no timestamp stored). */
const signedInAgo = (hoursAgo: number | null) => (clock: SimulatedClock) => ({
  now: () => clock.now(),
  credentials: {
    accessToken: 'a1',
    refreshToken: 'r1',
    adminUserId: 1,
    email: 'demo@herald.local',
    loginAt: hoursAgo === null ? null : clock.now() - hoursAgo * HOUR,
  },
});

// the pair a refresh leaves stored (its own, or another tab's), stamped at the model clock's start
const refreshed = { accessToken: 'a2', refreshToken: 'r2', adminUserId: 1, loginAt: Date.UTC(2026, 10, 22, 9) };
const stored = (accessToken: string | null, adminUserId: number | null) => ({
  credentials: {
    accessToken,
    refreshToken: accessToken && `r-${accessToken}`,
    adminUserId,
    email: null,
    loginAt: accessToken && Date.UTC(2026, 10, 22, 9),
  },
});
const notLogged = new GatewayError('GetUserInfo', RetCode.NotLoggedIn, 'not logged in');
const unreachable = new NetworkError('GetUserInfo', 'Failed to fetch');

const events = {
  'session.signIn': [{ tokens, email: 'demo@herald.local' }],
  'xstate.done.actor.fetchUserInfo': [{ output: user }],
  // Issue 20: only an answered session-ending code ends the session; an abort or a time-out does not.
  'xstate.error.actor.fetchUserInfo': [{ error: notLogged }, { error: unreachable }],
  'xstate.done.actor.refreshTokens': [{ output: refreshed }],
  'xstate.error.actor.refreshTokens': [
    { error: new GatewayError('RefreshToken', RetCode.TokenReused, 'reused') },
    { error: new NetworkError('RefreshToken', 'timeout', true) },
  ],
  'xstate.done.actor.logout': [{ output: {} }],
  // another tab: signed out, refreshed the same account, or signed in another account
  'credentials.changed': [stored(null, null), stored('a3', 1), stored('b1', 2)],
};

const signedOutHoldsNothing = {
  signedOut: (snapshot: {
    context: { accessToken: unknown; refreshToken: unknown; userInfo: unknown; loginAt: unknown };
  }) => {
    expect(snapshot.context).toMatchObject({ accessToken: null, refreshToken: null, userInfo: null, loginAt: null });
  },
};

// Signed out at start: sign in, user info loads or fails, logout succeeds or fails.
testModel(
  'session.machine, signed out',
  {
    machine: sessionMachine,
    input: (clock) => ({
      now: () => clock.now(),
      credentials: { accessToken: null, refreshToken: null, adminUserId: null, email: null, loginAt: null },
    }),
    events,
    states: {
      ...signedOutHoldsNothing,
      'signedIn.user.ready': (snapshot) => expect(snapshot.context.userInfo).toEqual(user),
    },
  },
  { requireAllStates: false },
);

// Offline: the credentials stay while the gateway cannot be reached.
testModel(
  'session.machine, gateway unreachable',
  {
    machine: sessionMachine,
    input: signedInAgo(1),
    events,
    states: {
      'signedIn.user.offline': (snapshot) => expect(snapshot.context.accessToken).not.toBeNull(),
    },
  },
  { requireAllStates: false },
);

// Refresh before 4 h: the window is closed, the session never refreshes.
testModel(
  'session.machine, 1 h after sign-in',
  {
    machine: sessionMachine,
    input: signedInAgo(1),
    events,
    states: { 'signedIn.refresh.refreshing': () => expect.unreachable('refreshed before 4 h') },
  },
  { requireAllStates: false },
);

// Inside the window: one refresh; success replaces the tokens and the timestamp, failure only logs.
testModel('session.machine, 5 h after sign-in', {
  machine: sessionMachine,
  input: signedInAgo(5),
  events,
  states: {
    ...signedOutHoldsNothing,
    'signedIn.refresh.idle': (snapshot) => {
      if (snapshot.context.accessToken === 'a2') expect(snapshot.context).toMatchObject(refreshed);
    },
  },
});

// After 24 h: too late to refresh; the next not-logged reply ends the session.
testModel(
  'session.machine, 25 h after sign-in',
  {
    machine: sessionMachine,
    input: signedInAgo(25),
    events,
    states: { 'signedIn.refresh.refreshing': () => expect.unreachable('refreshed after 24 h') },
  },
  { requireAllStates: false },
);

// No timestamp stored: one is set to now, and no refresh happens.
testModel(
  'session.machine, no login timestamp',
  {
    machine: sessionMachine,
    input: signedInAgo(null),
    events,
    states: {
      'signedIn.refresh.idle': (snapshot) => expect(snapshot.context.loginAt).not.toBeNull(),
      'signedIn.refresh.refreshing': () => expect.unreachable('refreshed without a timestamp'),
    },
  },
  { requireAllStates: false },
);

expect(REFRESH_WINDOW_END_MS - REFRESH_WINDOW_START_MS).toBe(20 * HOUR);

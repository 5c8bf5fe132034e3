import { expect } from 'vitest';
import type { SimulatedClock } from 'xstate';
import { sessionMachine, REFRESH_WINDOW_START_MS, REFRESH_WINDOW_END_MS } from '../../src/machines/session.machine';
import { useMemoryCredentialStore } from '../../src/gateway/client/credentials';
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

const events = {
  'session.signIn': [{ tokens, email: 'demo@herald.local' }],
  'xstate.done.actor.fetchUserInfo': [{ output: user }],
  'xstate.done.actor.refreshTokens': [{ output: tokens }],
  'xstate.done.actor.logout': [{ output: {} }],
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
      if (snapshot.context.accessToken === 'a2') expect(snapshot.context.loginAt).toBeGreaterThan(0);
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

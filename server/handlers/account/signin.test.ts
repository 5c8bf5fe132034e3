import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { MINUTE_MS, HOUR_MS } from '../../clock';
import { REFRESH_REUSE_GRACE_MS } from '../../auth/sessions';
import { createTestServer, GOOD_PASSWORD, registerAccount, signInDemo, type TestServer } from '../../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 120_000);
afterAll(() => server.close());

interface Tokens {
  AccessToken: string;
  RefreshToken: string;
  AdminUserID: number;
}

const signIn = (Email: string, Password: string, ip?: string) =>
  server.api<Tokens>('LoginByPassword', { Email, Password }, { ip });
const userInfo = (token: string) => server.api<{ Permissions: string[]; Email: string }>('GetUserInfo', {}, { token });
const refresh = (RefreshToken: string) => server.api<Tokens>('RefreshToken', { RefreshToken });

describe('LoginByPassword', () => {
  it('signs in with the right password, whatever the e-mail case', async () => {
    const reply = await signIn('Demo@Herald.local', 'herald-demo-1');
    expect(reply.RetCode).toBe(0);
    expect(reply.Data).toMatchObject({
      AccessToken: expect.any(String),
      RefreshToken: expect.any(String),
      AdminUserID: expect.any(Number),
    });
    expect(reply.Data.AccessToken).not.toBe(reply.Data.RefreshToken);
  });

  it('gives the same 231001 for a wrong password and an unknown e-mail', async () => {
    const wrong = await signIn('demo@herald.local', 'herald-demo-2', '10.0.0.1');
    const unknown = await signIn('ghost@herald.local', 'herald-demo-1', '10.0.0.1');
    expect(wrong.RetCode).toBe(RetCode.SignInFailed);
    expect(unknown.RetCode).toBe(RetCode.SignInFailed);
    expect(wrong.Message).toBe(unknown.Message);
  });

  it('answers 214415 for the right password of an inactive account, 231001 for a wrong one', async () => {
    await registerAccount(server, 'inactive@example.com', { activate: false });
    expect((await signIn('inactive@example.com', GOOD_PASSWORD)).RetCode).toBe(RetCode.NotActivated);
    expect((await signIn('inactive@example.com', 'Wrong-pass-1')).RetCode).toBe(RetCode.SignInFailed);
  });

  it('pauses sign-in to an account from one address after 5 failures, warns before the last, tells the real time left (issue 18 §6)', async () => {
    await registerAccount(server, 'throttled@example.com');
    const guesser = '10.1.0.1';
    for (let i = 0; i < 3; i++)
      expect((await signIn('throttled@example.com', 'Wrong-pass-1', guesser)).RetCode).toBe(RetCode.SignInFailed);
    const lastTry = await signIn('throttled@example.com', 'Wrong-pass-1', guesser);
    expect(lastTry.RetCode).toBe(RetCode.SignInLastTry);
    expect(lastTry.Message).toContain('One try is left');
    const paused = await signIn('throttled@example.com', 'Wrong-pass-1', guesser);
    expect(paused.RetCode).toBe(RetCode.SignInPaused);
    expect(paused.Message).toContain('Try again in 15 min');
    // the right password from the paused address waits too, and is told the time left, not "900 seconds"
    server.clock.advance(MINUTE_MS);
    const stillPaused = await signIn('throttled@example.com', GOOD_PASSWORD, guesser);
    expect(stillPaused.RetCode).toBe(RetCode.SignInPaused);
    expect(stillPaused.Message).toContain('Try again in 14 min');
    // 14 min, less the real seconds this test took (the clock is the real one, advanced)
    const { RetryAfterSeconds } = stillPaused.Data as unknown as { RetryAfterSeconds: number };
    expect(RetryAfterSeconds).toBeGreaterThan(14 * 60 - 30);
    expect(RetryAfterSeconds).toBeLessThanOrEqual(14 * 60);
    // the owner, somewhere else, is never kept out by someone who only knows the e-mail
    expect((await signIn('throttled@example.com', GOOD_PASSWORD, '10.1.1.1')).RetCode).toBe(0);
    // another account from the guessing address is not affected
    expect((await signIn('demo@herald.local', 'herald-demo-1', guesser)).RetCode).toBe(0);

    server.clock.advance(13 * MINUTE_MS);
    expect((await signIn('throttled@example.com', GOOD_PASSWORD, guesser)).RetCode).toBe(RetCode.SignInPaused);
    server.clock.advance(MINUTE_MS + 1_000);
    expect((await signIn('throttled@example.com', GOOD_PASSWORD, guesser)).RetCode).toBe(0);
  });

  it('warns and pauses the same for an unknown e-mail (no account enumeration)', async () => {
    const codes = [];
    for (let i = 0; i < 5; i++)
      codes.push((await signIn('nobody-here@example.com', 'Wrong-pass-1', '10.1.2.1')).RetCode);
    expect(codes).toEqual([
      RetCode.SignInFailed,
      RetCode.SignInFailed,
      RetCode.SignInFailed,
      RetCode.SignInLastTry,
      RetCode.SignInPaused,
    ]);
  });

  it('forgets an account failures after a successful sign-in', async () => {
    await registerAccount(server, 'forgiven@example.com');
    for (let i = 0; i < 3; i++) await signIn('forgiven@example.com', 'Wrong-pass-1', '10.2.0.1');
    expect((await signIn('forgiven@example.com', GOOD_PASSWORD, '10.2.0.1')).RetCode).toBe(0);
    for (let i = 0; i < 3; i++)
      expect((await signIn('forgiven@example.com', 'Wrong-pass-1', '10.2.0.1')).RetCode).toBe(RetCode.SignInFailed);
  });

  it('throttles an address after 20 failures in 15 minutes, across accounts, until the window passes', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < 20; i++)
      expect((await signIn(`spray${i}@example.com`, 'Wrong-pass-1', ip)).RetCode).toBe(RetCode.SignInFailed);
    expect((await signIn('demo@herald.local', 'herald-demo-1', ip)).RetCode).toBe(RetCode.SignInPaused);
    expect((await signIn('demo@herald.local', 'herald-demo-1', '10.3.0.2')).RetCode).toBe(0);
    server.clock.advance(15 * MINUTE_MS + 1_000);
    expect((await signIn('demo@herald.local', 'herald-demo-1', ip)).RetCode).toBe(0);
  });

  it('lets a burst of parallel guesses from one address try at most 5 passwords of one account', async () => {
    await registerAccount(server, 'burst@example.com');
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signIn('burst@example.com', `Wrong-pass-${i}`, '10.4.0.1')),
    );
    const answered = replies.filter((r) => r.RetCode === RetCode.SignInFailed || r.RetCode === RetCode.SignInLastTry);
    expect(answered.length).toBeLessThanOrEqual(4);
    expect(
      replies.every((r) =>
        [RetCode.SignInFailed, RetCode.SignInLastTry, RetCode.SignInPaused].includes(r.RetCode as 231001),
      ),
    ).toBe(true);
  });

  it('refuses malformed input as a validation error', async () => {
    expect((await server.api('LoginByPassword', { Email: 'demo@herald.local' })).RetCode).toBe(RetCode.ValidationError);
    expect((await server.api('LoginByPassword', { Email: 'demo', Password: 'x' })).RetCode).toBe(
      RetCode.ValidationError,
    );
    expect(
      (await server.api('LoginByPassword', { Email: 'demo@herald.local', Password: 'x'.repeat(129) })).RetCode,
    ).toBe(RetCode.ValidationError);
  });
});

describe('GetUserInfo', () => {
  it('gives the demo WhatsAppAgent, TextUser (own domain), FlowInspector and TopUp (administrator)', async () => {
    const { AccessToken } = await signInDemo(server);
    const reply = await userInfo(AccessToken);
    expect(reply.RetCode).toBe(0);
    expect(reply.Data).toMatchObject({ Email: 'demo@herald.local', Upgrade: true });
    expect([...reply.Data.Permissions].sort()).toEqual(['FlowInspector', 'TextUser', 'TopUp', 'WhatsAppAgent']);
  });

  it('gives any other administrator WhatsAppAgent and TopUp only', async () => {
    await registerAccount(server, 'outsider@example.com');
    const { Data } = await signIn('outsider@example.com', GOOD_PASSWORD);
    const reply = await userInfo(Data.AccessToken);
    expect(reply.Data).toMatchObject({ Email: 'outsider@example.com', Upgrade: false, Administrator: true });
    expect([...reply.Data.Permissions].sort()).toEqual(['TopUp', 'WhatsAppAgent']);
  });

  it('gives an own-domain user TextUser but not FlowInspector', async () => {
    await registerAccount(server, 'staff@herald.local');
    const { Data } = await signIn('staff@herald.local', GOOD_PASSWORD);
    expect([...(await userInfo(Data.AccessToken)).Data.Permissions].sort()).toEqual([
      'TextUser',
      'TopUp',
      'WhatsAppAgent',
    ]);
  });

  it('does not give TextUser to a look-alike domain', async () => {
    await registerAccount(server, 'spoof@notherald.local');
    const { Data } = await signIn('spoof@notherald.local', GOOD_PASSWORD);
    expect([...(await userInfo(Data.AccessToken)).Data.Permissions].sort()).toEqual(['TopUp', 'WhatsAppAgent']);
  });

  it('refuses an access token after 24 hours', async () => {
    const { AccessToken } = await signInDemo(server);
    server.clock.advance(24 * HOUR_MS - 1_000);
    expect((await userInfo(AccessToken)).RetCode).toBe(0);
    server.clock.advance(1_000);
    expect((await userInfo(AccessToken)).RetCode).toBe(RetCode.NotLoggedIn);
  });

  it('refuses unknown input fields', async () => {
    const { AccessToken } = await signInDemo(server);
    expect((await server.api('GetUserInfo', { Admin: true }, { token: AccessToken })).RetCode).toBe(
      RetCode.ValidationError,
    );
  });
});

describe('RefreshToken', () => {
  it('rotates both tokens; the old access and refresh tokens stop working', async () => {
    const first = await signInDemo(server);
    const second = await refresh(first.RefreshToken);
    expect(second.RetCode).toBe(0);
    expect(second.Data.AccessToken).not.toBe(first.AccessToken);
    expect(second.Data.RefreshToken).not.toBe(first.RefreshToken);
    // calls already sent with the old access token still pass during the reuse grace, not after
    expect((await userInfo(first.AccessToken)).RetCode).toBe(0);
    server.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    expect((await userInfo(first.AccessToken)).RetCode).toBe(RetCode.NotLoggedIn);
    expect((await userInfo(second.Data.AccessToken)).RetCode).toBe(0);
    const third = await refresh(second.Data.RefreshToken);
    expect(third.RetCode).toBe(0);
    expect((await userInfo(third.Data.AccessToken)).RetCode).toBe(0);
  });

  it('treats a rotated refresh token presented again as reuse: the whole family ends (231010)', async () => {
    const first = await signInDemo(server);
    const second = (await refresh(first.RefreshToken)).Data;
    const third = (await refresh(second.RefreshToken)).Data;
    const elsewhere = await signInDemo(server);

    const reuse = await refresh(first.RefreshToken);
    expect(reuse.RetCode).toBe(RetCode.TokenReused);
    for (const token of [first.AccessToken, second.AccessToken, third.AccessToken])
      expect((await userInfo(token)).RetCode).toBe(RetCode.NotLoggedIn);
    for (const token of [second.RefreshToken, third.RefreshToken]) expect((await refresh(token)).RetCode).not.toBe(0);
    // another sign-in of the same account is another family
    expect((await userInfo(elsewhere.AccessToken)).RetCode).toBe(0);
  });

  it('within the reuse grace, answers the previous refresh token with the same new pair', async () => {
    const first = await signInDemo(server);
    const second = await refresh(first.RefreshToken);
    server.clock.advance(REFRESH_REUSE_GRACE_MS - 1_000);
    const again = await refresh(first.RefreshToken);
    expect(again).toEqual(second);
    // both answers are the one live pair: it works and rotates as usual
    expect((await userInfo(second.Data.AccessToken)).RetCode).toBe(0);
    expect((await refresh(second.Data.RefreshToken)).RetCode).toBe(0);
  });

  it('answers parallel refreshes of one token with one pair', async () => {
    const first = await signInDemo(server);
    const replies = await Promise.all([1, 2, 3, 4].map(() => refresh(first.RefreshToken)));
    expect(replies.map((reply) => reply.RetCode)).toEqual([0, 0, 0, 0]);
    expect(new Set(replies.map((reply) => reply.Data.RefreshToken)).size).toBe(1);
  });

  it('after the grace, the previous refresh token is reuse again: the family ends', async () => {
    const first = await signInDemo(server);
    const second = (await refresh(first.RefreshToken)).Data;
    server.clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    expect((await refresh(first.RefreshToken)).RetCode).toBe(RetCode.TokenReused);
    expect((await userInfo(second.AccessToken)).RetCode).toBe(RetCode.NotLoggedIn);
    expect((await refresh(second.RefreshToken)).RetCode).not.toBe(0);
  });

  it('gives no grace to a token two rotations back, nor after a logout', async () => {
    const first = await signInDemo(server);
    const second = (await refresh(first.RefreshToken)).Data;
    await refresh(second.RefreshToken);
    expect((await refresh(first.RefreshToken)).RetCode).toBe(RetCode.TokenReused);

    const other = await signInDemo(server);
    const next = (await refresh(other.RefreshToken)).Data;
    await server.api('LogoutToken', { RefreshToken: next.RefreshToken });
    expect((await refresh(other.RefreshToken)).RetCode).not.toBe(0);
    expect((await userInfo(next.AccessToken)).RetCode).toBe(RetCode.NotLoggedIn);
  });

  it('refuses an unknown refresh token and one past 30 days', async () => {
    expect((await refresh('A'.repeat(43))).RetCode).toBe(RetCode.NotLoggedIn);
    const { RefreshToken } = await signInDemo(server);
    server.clock.advance(30 * 24 * HOUR_MS);
    expect((await refresh(RefreshToken)).RetCode).toBe(RetCode.NotLoggedIn);
  });
});

describe('LogoutToken', () => {
  it('ends the session: its access and refresh tokens are refused', async () => {
    const tokens = await signInDemo(server);
    const other = await signInDemo(server);
    expect((await server.api('LogoutToken', { RefreshToken: tokens.RefreshToken })).RetCode).toBe(0);
    expect((await userInfo(tokens.AccessToken)).RetCode).toBe(RetCode.NotLoggedIn);
    expect((await refresh(tokens.RefreshToken)).RetCode).toBe(RetCode.NotLoggedIn);
    expect((await userInfo(other.AccessToken)).RetCode).toBe(0);
  });

  it('ends a refreshed session too, and ignores an unknown token', async () => {
    const tokens = await signInDemo(server);
    const next = (await refresh(tokens.RefreshToken)).Data;
    expect((await server.api('LogoutToken', { RefreshToken: next.RefreshToken })).RetCode).toBe(0);
    expect((await userInfo(next.AccessToken)).RetCode).toBe(RetCode.NotLoggedIn);
    expect((await server.api('LogoutToken', { RefreshToken: 'nobody-knows-this' })).RetCode).toBe(0);
  });
});

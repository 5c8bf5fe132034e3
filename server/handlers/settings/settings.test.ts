import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, lastMessageTo, type TestServer } from '../../testing/harness';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { freshTenant } from '../uploads/test-helpers';
import { randomBytes } from 'node:crypto';
import { signRequest } from '../../auth/access-keys';
import { issueTokens } from '../../auth/sessions';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const code = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
const key = (text: string) => /[?&]key=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

describe('account settings', () => {
  it('updates the profile and refuses an unknown time zone', async () => {
    const user = await freshTenant(server);
    const t = { token: user.token };
    expect(
      (
        await server.api(
          'UpdateUser',
          { EnName: 'Ada', CnName: '艾达', Phone: '4155550123', Timezone: 'Asia/Shanghai' },
          t,
        )
      ).RetCode,
    ).toBe(0);
    expect((await server.api('GetUserInfo', {}, t)).Data).toMatchObject({
      EnName: 'Ada',
      CnName: '艾达',
      Phone: '4155550123',
      Timezone: 'Asia/Shanghai',
    });
    expect((await server.api('UpdateUser', { Timezone: 'Mars/Olympus' }, t)).RetCode).toBe(RetCode.ValidationError);
    expect((await server.api('UpdateUser', { Phone: '12ab' }, t)).RetCode).toBe(RetCode.ValidationError);
  });

  it('changes the e-mail with the code from the old address and the link to the new one; every other session ends', async () => {
    const user = await freshTenant(server);
    const other = await issueTokens(server.deps.database.db, server.clock, user.id);
    const t = { token: user.token };
    expect((await server.api('SendCurrentEmailVerificationCode', { VerifyType: 1 }, t)).RetCode).toBe(0);
    expect((await server.api('SendCurrentEmailVerificationCode', { VerifyType: 1 }, t)).RetCode).toBe(
      RetCode.ResendTooSoon,
    );
    const sent = code((await lastMessageTo(server, user.email)).text);
    const newEmail = `moved-${Date.now()}@example.com`;
    expect(
      (await server.api('SendChangeEmail', { Code: sent === '000000' ? '111111' : '000000', NewEmail: newEmail }, t))
        .RetCode,
    ).toBe(RetCode.EmailCodeInvalid);
    expect((await server.api('SendChangeEmail', { Code: sent, NewEmail: user.email }, t)).RetCode).toBe(
      RetCode.EmailUnchanged,
    );
    expect((await server.api('SendChangeEmail', { Code: sent, NewEmail: 'demo@herald.local' }, t)).RetCode).toBe(
      RetCode.UserExists,
    );
    expect((await server.api('SendChangeEmail', { Code: sent, NewEmail: newEmail }, t)).RetCode).toBe(0);
    expect((await server.api('SendChangeEmail', { Code: sent, NewEmail: newEmail }, t)).RetCode).toBe(
      RetCode.EmailCodeInvalid,
    );
    const link = key((await lastMessageTo(server, newEmail)).text);
    expect((await server.api('ChangeEmail', { Key: link })).Data).toEqual({ Email: newEmail });
    expect((await server.api('ChangeEmail', { Key: link })).RetCode).toBe(RetCode.EmailChangeKeyInvalid);
    expect((await server.api('GetUserInfo', {}, t)).Data).toMatchObject({ Email: newEmail });
    expect((await server.api('GetUserInfo', {}, { token: other.AccessToken })).RetCode).toBe(RetCode.NotLoggedIn);
    expect((await lastMessageTo(server, user.email)).text).toContain(newEmail);
  });

  it('keeps at least one notification topic', async () => {
    const user = await freshTenant(server);
    const t = { token: user.token };
    expect((await server.api('GetNotificationSettings', {}, t)).Data).toEqual({
      Emails: [user.email],
      Topics: ['alarm', 'ticketReply', 'planExpiry'],
    });
    expect((await server.api('UpdateNotificationSettings', { Emails: [], Topics: [] }, t)).RetCode).toBe(
      RetCode.ValidationError,
    );
    expect(
      (await server.api('UpdateNotificationSettings', { Emails: ['Ops@Example.com'], Topics: ['alarm'] }, t)).RetCode,
    ).toBe(0);
    expect((await server.api('GetNotificationSettings', {}, t)).Data).toEqual({
      Emails: ['ops@example.com'],
      Topics: ['alarm'],
    });
  });

  it('marks notifications read', async () => {
    const user = await freshTenant(server);
    const t = { token: user.token };
    const { notify } = await import('../../notifications/notify');
    const deps = {
      db: server.deps.database.db,
      clock: server.clock,
      jobs: server.deps.jobs,
      lang: 'en' as const,
      origin: 'http://x',
    };
    await notify(deps, user.id, {
      kind: 'alarm',
      titleKey: 'mail:noticeTicketReplyTitle',
      bodyKey: 'mail:noticeTicketReplyBody',
      params: { ticketId: 1, excerpt: 'a' },
      dedupeKey: 'a1',
    });
    expect(await notify(deps, user.id, { kind: 'alarm', titleKey: 'x', bodyKey: 'y', dedupeKey: 'a1' })).toBe(false);
    await notify(deps, user.id, {
      kind: 'alarm',
      titleKey: 'mail:noticeTicketReplyTitle',
      bodyKey: 'mail:noticeTicketReplyBody',
      params: { ticketId: 2, excerpt: 'b' },
      dedupeKey: 'a2',
    });
    const list = await server.api<{ UnreadTotal: number; Notifications: { NotificationId: number; Title: string }[] }>(
      'GetNotificationList',
      {},
      t,
    );
    expect(list.Data.UnreadTotal).toBe(2);
    expect(list.Data.Notifications[0].Title).toBe('Support replied to ticket #2');
    expect(
      (await server.api('MarkNotificationsRead', { NotificationIds: [list.Data.Notifications[0].NotificationId] }, t))
        .Data,
    ).toEqual({ UnreadTotal: 1 });
    expect((await server.api('MarkNotificationsRead', { All: true }, t)).Data).toEqual({ UnreadTotal: 0 });
  });

  it('warns once when the plan enters its last 5 days', async () => {
    server.clock.advance(362 * 86_400_000);
    try {
      const { AccessToken } = (
        await server.api<{ AccessToken: string }>('LoginByPassword', {
          Email: 'demo@herald.local',
          Password: 'herald-demo-1',
        })
      ).Data;
      const first = await server.api<{ Notifications: { Kind: string }[] }>(
        'GetNotificationList',
        {},
        { token: AccessToken },
      );
      const second = await server.api<{ Notifications: { Kind: string }[] }>(
        'GetNotificationList',
        {},
        { token: AccessToken },
      );
      expect(first.Data.Notifications.filter((n) => n.Kind === 'planExpiry')).toHaveLength(1);
      expect(second.Data.Notifications.filter((n) => n.Kind === 'planExpiry')).toHaveLength(1);
    } finally {
      server.clock.reset();
    }
  });
});

describe('access keys', () => {
  async function signed(
    action: string,
    input: Record<string, unknown>,
    id: string,
    secret: string,
    timestamp = Math.floor(server.clock.nowMs() / 1000),
    nonce = randomBytes(16).toString('base64url'),
  ) {
    const body = JSON.stringify({ Action: action, ...input });
    const signature = signRequest(secret, 'POST', '/api', String(timestamp), nonce, body);
    const response = await server.raw(body, {
      'x-herald-accesskey': id,
      'x-herald-timestamp': String(timestamp),
      'x-herald-nonce': nonce,
      'x-herald-signature': signature,
    });
    return (await response.json()) as { RetCode: number; Data: Record<string, unknown> };
  }

  it('shows the secret once, lists, signs API calls and revokes', async () => {
    const user = await freshTenant(server);
    const t = { token: user.token };
    const created = await server.api<{ AccessKeyId: string; AccessKeySecret: string }>(
      'CreateAccessKey',
      { Name: 'CRM sync' },
      t,
    );
    const { AccessKeyId: id, AccessKeySecret: secret } = created.Data;
    const listed = await server.api<{ AccessKeys: Record<string, unknown>[] }>('ListAccessKeys', {}, t);
    expect(listed.Data.AccessKeys).toEqual([
      expect.objectContaining({ AccessKeyId: id, Name: 'CRM sync', LastUsedTime: 0 }),
    ]);
    expect(listed.Data.AccessKeys[0]).not.toHaveProperty('AccessKeySecret');

    expect(await signed('GetUserInfo', {}, id, secret)).toMatchObject({ RetCode: 0, Data: { Email: user.email } });
    expect((await signed('GetUserInfo', {}, id, `${secret}x`)).RetCode).toBe(RetCode.AccessKeySignatureInvalid);
    expect((await signed('GetUserInfo', {}, id, secret, Math.floor(server.clock.nowMs() / 1000) - 301)).RetCode).toBe(
      RetCode.AccessKeyTimestampSkew,
    );
    expect((await signed('CreateAccessKey', { Name: 'more' }, id, secret)).RetCode).toBe(
      RetCode.AccessKeyActionRefused,
    );
    // a body changed after signing
    const body = JSON.stringify({ Action: 'GetUserInfo' });
    const ts = String(Math.floor(server.clock.nowMs() / 1000));
    const tampered = await server.raw(JSON.stringify({ Action: 'GetTicketList' }), {
      'x-herald-accesskey': id,
      'x-herald-timestamp': ts,
      'x-herald-nonce': 'n'.repeat(20),
      'x-herald-signature': signRequest(secret, 'POST', '/api', ts, 'n'.repeat(20), body),
    });
    expect(((await tampered.json()) as { RetCode: number }).RetCode).toBe(RetCode.AccessKeySignatureInvalid);

    expect((await server.api('RevokeAccessKey', { AccessKeyId: id }, t)).RetCode).toBe(0);
    expect((await signed('GetUserInfo', {}, id, secret)).RetCode).toBe(RetCode.AccessKeyInvalid);
    expect((await server.api<{ AccessKeys: unknown[] }>('ListAccessKeys', {}, t)).Data.AccessKeys).toEqual([]);
  });

  it('refuses a signed request replayed within its window, and one without a nonce (235011)', async () => {
    const user = await freshTenant(server);
    const created = await server.api<{ AccessKeyId: string; AccessKeySecret: string }>(
      'CreateAccessKey',
      { Name: 'replay' },
      { token: user.token },
    );
    const { AccessKeyId: id, AccessKeySecret: secret } = created.Data;
    const now = Math.floor(server.clock.nowMs() / 1000);
    const nonce = randomBytes(16).toString('base64url');
    expect((await signed('GetUserInfo', {}, id, secret, now, nonce)).RetCode).toBe(0);
    // The very same request again, at once and 290 seconds later (inside the 300 s window, with room for a
    // slow machine's own seconds): refused.
    expect((await signed('GetUserInfo', {}, id, secret, now, nonce)).RetCode).toBe(RetCode.AccessKeyNonceUsed);
    server.clock.advance(290_000);
    try {
      expect((await signed('GetUserInfo', {}, id, secret, now, nonce)).RetCode).toBe(RetCode.AccessKeyNonceUsed);
      // A new nonce with the same timestamp is a new request.
      expect((await signed('GetUserInfo', {}, id, secret, now)).RetCode).toBe(0);
      // After the window the timestamp refuses it.
      server.clock.advance(12_000);
      expect((await signed('GetUserInfo', {}, id, secret, now, nonce)).RetCode).toBe(RetCode.AccessKeyTimestampSkew);
    } finally {
      server.clock.reset();
    }
    for (const bad of ['', 'short', 'x'.repeat(65), 'has spaces in it here!'])
      expect((await signed('GetUserInfo', {}, id, secret, now, bad)).RetCode).toBe(RetCode.AccessKeyNonceUsed);
  });

  it('allows at most 5 keys and only revokes its own', async () => {
    const user = await freshTenant(server);
    const other = await freshTenant(server);
    let last = '';
    for (let i = 0; i < 5; i++)
      last = (await server.api<{ AccessKeyId: string }>('CreateAccessKey', { Name: `k${i}` }, { token: user.token }))
        .Data.AccessKeyId;
    expect((await server.api('CreateAccessKey', { Name: 'k6' }, { token: user.token })).RetCode).toBe(
      RetCode.AccessKeyLimit,
    );
    expect((await server.api('RevokeAccessKey', { AccessKeyId: last }, { token: other.token })).RetCode).toBe(
      RetCode.NotFound,
    );
  });
});

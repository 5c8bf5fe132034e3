import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { audienceContacts, emailSuppressions, users } from '../db/schema';
import { createTestServer, type TestServer } from '../testing/harness';
import type { MailSendResult } from '../providers/mail/types';
import { decideEmailSend, EMAIL_RETRY, settleEmailSend } from './delivery-outcome';
import { suppressedEmails } from './suppression';
import { signUnsubscribeToken, unsubscribeSecret, verifyUnsubscribeToken } from './unsubscribe-token';
import { listUnsubscribeFor } from './list-unsubscribe';
import { handleMailFeedback } from './feedback';

let server: TestServer;
let tenant: number;
let otherTenant: number;
let secret: Buffer;

async function newUser(email: string): Promise<number> {
  const now = server.deps.clock.now();
  const [row] = await server.deps.database.db
    .insert(users)
    .values({ email, passwordHash: 'x', upgraded: true, type: 1, activatedAt: now, createdAt: now })
    .returning({ id: users.id });
  return row.id;
}

async function contactWith(userId: number, email: string): Promise<number> {
  const now = server.deps.clock.now();
  const [row] = await server.deps.database.db
    .insert(audienceContacts)
    .values({ userId, email, createdAt: now, updatedAt: now })
    .returning({ id: audienceContacts.id });
  return row.id;
}

const suppressedOf = async (contactId: number) =>
  (await server.deps.database.db.select().from(audienceContacts).where(eq(audienceContacts.id, contactId)))[0]
    .suppressed;

const reasonOf = async (userId: number, address: string) =>
  (await server.deps.database.db.select().from(emailSuppressions).where(eq(emailSuppressions.userId, userId))).find(
    (r) => r.address === address,
  )?.reason;

beforeAll(async () => {
  server = await createTestServer();
  tenant = await newUser(`email-delivery-${process.pid}@example.com`);
  otherTenant = await newUser(`email-delivery-other-${process.pid}@example.com`);
  secret = await unsubscribeSecret(server.deps.database.db);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const send = (result: MailSendResult['result'], retryable: boolean): MailSendResult => ({
  result,
  retryable,
  smtpCode: 0,
  response: '',
  messageId: '',
});

describe('what the kernel does with a hand-over', () => {
  it('final results stay final; soft bounces and failed connections retry with growing waits', () => {
    expect(decideEmailSend(send('deliver', false), 1)).toEqual({ kind: 'final', result: 'deliver', suppress: false });
    expect(decideEmailSend(send('invalid', false), 1)).toEqual({ kind: 'final', result: 'invalid', suppress: true });
    expect(decideEmailSend(send('unknown', false), 1)).toEqual({ kind: 'final', result: 'unknown', suppress: false });
    const waits = [1, 2, 3, 4].map((attempt) => decideEmailSend(send('soft_bounce', true), attempt));
    expect(waits.map((w) => (w.kind === 'retry' ? w.afterMs / 60_000 : null))).toEqual([1, 4, 16, 64]);
    expect(decideEmailSend(send('soft_bounce', true), EMAIL_RETRY.attempts)).toEqual({
      kind: 'final',
      result: 'soft_bounce',
      suppress: false,
    });
    expect(decideEmailSend(send('submit_fail', true), 2)).toMatchObject({ kind: 'retry' });
    expect(decideEmailSend(send('submit_fail', true), EMAIL_RETRY.attempts)).toMatchObject({ result: 'submit_fail' });
  });

  it('a hard bounce suppresses the address for that account only, on its list and its contact', async () => {
    const mine = await contactWith(tenant, 'gone@example.org');
    const theirs = await contactWith(otherTenant, 'gone@example.org');
    const decision = await settleEmailSend(server.deps.database.db, server.deps.clock, {
      userId: tenant,
      address: 'Gone@Example.org',
      send: send('invalid', false),
      attempt: 1,
    });
    expect(decision).toMatchObject({ kind: 'final', result: 'invalid' });
    expect(await suppressedOf(mine)).toEqual(['email']);
    expect(await suppressedOf(theirs)).toEqual([]);
    expect(await reasonOf(tenant, 'gone@example.org')).toBe('hard_bounce');
    expect([
      ...(await suppressedEmails(server.deps.database.db, tenant, ['gone@example.org', 'ok@example.org'])),
    ]).toEqual(['gone@example.org']);
    expect((await suppressedEmails(server.deps.database.db, otherTenant, ['gone@example.org'])).size).toBe(0);
  });

  it('a soft bounce suppresses nobody', async () => {
    await settleEmailSend(server.deps.database.db, server.deps.clock, {
      userId: tenant,
      address: 'later@example.org',
      send: send('soft_bounce', true),
      attempt: EMAIL_RETRY.attempts,
    });
    expect(await reasonOf(tenant, 'later@example.org')).toBeUndefined();
  });
});

describe('complaints', () => {
  it('suppress the address for the account named by the mail’s own signed unsubscribe link', async () => {
    const contact = await contactWith(tenant, 'angry@example.org');
    const link = await listUnsubscribeFor(
      server.deps.database.db,
      { publicUrl: 'https://herald.example', ownDomain: 'herald.local' },
      { userId: tenant, taskId: 7, address: 'angry@example.org' },
    );
    const headers = { 'list-unsubscribe': `<${link.url}>, <mailto:${link.mailto}>` };
    const feedback = { kind: 'complaint' as const, address: 'angry@example.org', messageId: '<m1>', headers };
    expect(await handleMailFeedback(server.deps.database.db, server.deps.clock, feedback)).toBe(true);
    expect(await suppressedOf(contact)).toEqual(['email']);
    expect(await reasonOf(tenant, 'angry@example.org')).toBe('complaint');
  });

  it('a report with a forged or missing link suppresses nothing', async () => {
    const forged = `<https://herald.example/u/${tenant}.0.${Buffer.from('victim@example.org').toString('base64url')}.${'A'.repeat(43)}>`;
    const db = server.deps.database.db;
    const clock = server.deps.clock;
    const base = { kind: 'complaint' as const, address: 'victim@example.org', messageId: '<m2>' };
    expect(await handleMailFeedback(db, clock, { ...base, headers: { 'list-unsubscribe': forged } })).toBe(false);
    expect(await handleMailFeedback(db, clock, { ...base, headers: {} })).toBe(false);
    expect(await reasonOf(tenant, 'victim@example.org')).toBeUndefined();
  });
});

describe('unsubscribe tokens', () => {
  const subject = { userId: 42, taskId: 9, address: 'reader@example.org' };

  it('a genuine token names its account, task and address', () => {
    expect(verifyUnsubscribeToken(secret, signUnsubscribeToken(secret, subject))).toEqual(subject);
  });

  it('an edited token is refused', () => {
    const token = signUnsubscribeToken(secret, subject);
    const [user, task, address, mac] = token.split('.');
    const otherAddress = Buffer.from('someone@example.org').toString('base64url');
    const flipped = mac.slice(0, -1) + (mac.endsWith('A') ? 'B' : 'A');
    for (const tampered of [
      [String(Number(user) + 1), task, address, mac],
      [user, '10', address, mac],
      [user, task, otherAddress, mac],
      [user, task, address, flipped],
      [user, task, address],
    ])
      expect(verifyUnsubscribeToken(secret, tampered.join('.'))).toBeNull();
    expect(verifyUnsubscribeToken(Buffer.alloc(32, 1), token)).toBeNull();
  });
});

describe('the unsubscribe gateway (RFC 8058)', () => {
  const tokenFor = (address: string) => signUnsubscribeToken(secret, { userId: tenant, taskId: 3, address });
  const oneClick = (token: string, body = 'List-Unsubscribe=One-Click') =>
    server.app.request(`/u/${token}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('GET shows a confirmation in the reader’s language and unsubscribes nobody', async () => {
    const token = tokenFor('reader1@example.org');
    const en = await server.app.request(`/u/${token}`);
    expect(en.status).toBe(200);
    const page = await en.text();
    expect(page).toContain('Stop marketing e-mail to reader1@example.org?');
    expect(page).toContain('name="List-Unsubscribe" value="One-Click"');
    const zh = await server.app.request(`/u/${token}`, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(await zh.text()).toContain('停止向 reader1@example.org 发送营销邮件？');
    expect(await reasonOf(tenant, 'reader1@example.org')).toBeUndefined();
  });

  it('the one-click POST unsubscribes the contact for e-mail', async () => {
    const contact = await contactWith(tenant, 'reader2@example.org');
    const response = await oneClick(tokenFor('reader2@example.org'));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('reader2@example.org is unsubscribed');
    expect(await suppressedOf(contact)).toEqual(['email']);
    expect(await reasonOf(tenant, 'reader2@example.org')).toBe('unsubscribe');
    expect((await oneClick(tokenFor('reader2@example.org'))).status).toBe(200);
  });

  it('a tampered token is refused on GET and POST, in both languages, and changes nothing', async () => {
    const token = tokenFor('reader3@example.org');
    const tampered = token.replace(
      Buffer.from('reader3@example.org').toString('base64url'),
      Buffer.from('reader4@example.org').toString('base64url'),
    );
    const get = await server.app.request(`/u/${tampered}`);
    expect(get.status).toBe(400);
    expect(await get.text()).toContain('This unsubscribe link is not valid');
    const zh = await server.app.request(`/u/${tampered}?lang=zh`);
    expect(await zh.text()).toContain('退订链接无效');
    expect((await oneClick(tampered)).status).toBe(400);
    expect((await oneClick('not-a-token')).status).toBe(400);
    expect(await reasonOf(tenant, 'reader4@example.org')).toBeUndefined();
  });

  it('a POST without the one-click body unsubscribes nobody', async () => {
    expect((await oneClick(tokenFor('reader5@example.org'), 'something=else')).status).toBe(400);
    expect(await reasonOf(tenant, 'reader5@example.org')).toBeUndefined();
  });
});

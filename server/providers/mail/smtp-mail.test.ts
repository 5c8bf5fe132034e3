import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { createTestServer, type TestServer } from '../../testing/harness';
import { smtpMailTransport } from './smtp-transport';
import { startSandboxSink, type MailFeedback, type SandboxSink } from './sandbox-sink';
import { fixedTxtResolver } from './dkim-check';
import { latestSinkMessages } from './sink-store';
import type { MailMessage, MailTransport } from './types';

// The transport against the embedded sink on a random loopback port; DKIM is checked by mailauth (an
// independent verifier) against a resolver that publishes the test key, as DNS would.

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicB64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const resolver = fixedTxtResolver({ 'hd1._domainkey.mail.example.com': `v=DKIM1; k=rsa; p=${publicB64}` });

let server: TestServer;
let sink: SandboxSink;
let transport: MailTransport;
const feedback: MailFeedback[] = [];

const message = (to: string, extra: Partial<MailMessage> = {}): MailMessage => ({
  from: 'Shop <news@mail.example.com>',
  to,
  subject: `Hello ${to}`,
  html: '<p>Hello <a href="https://example.com/">there</a></p>',
  text: 'Hello there',
  dkim: { domainName: 'mail.example.com', keySelector: 'hd1', privateKey: privatePem },
  listUnsubscribe: {
    url: 'https://herald.example/u/abc',
    mailto: 'unsubscribe@herald.local?subject=unsubscribe%20abc',
  },
  ...extra,
});

beforeAll(async () => {
  server = await createTestServer();
  sink = await startSandboxSink({
    db: server.deps.database.db,
    clock: server.deps.clock,
    resolver,
    onFeedback: (f) => void feedback.push(f),
  });
  transport = smtpMailTransport({ port: sink.port, maxConnections: 2, maxMessages: 100 });
}, 120_000);
afterAll(async () => {
  await transport?.close();
  await sink?.close();
  await server?.close();
});

const rawOf = async (to: string) => {
  const [row] = (await latestSinkMessages(server.deps.database.db, 500)).filter((m) => m.envelopeTo.includes(to));
  return row;
};

describe('DKIM, verified by mailauth', () => {
  it('a signed message arrives with a signature that passes, covering the one-click headers', async () => {
    const sent = await transport.send(message('reader@example.org'));
    expect(sent).toMatchObject({ result: 'deliver', retryable: false, smtpCode: 250 });
    const row = await rawOf('reader@example.org');
    expect(row.dkimResult).toBe('pass');
    const verdict = await dkimVerify(row.raw, { resolver });
    expect(verdict.results[0].status.result).toBe('pass');
    expect(row.headers['list-unsubscribe'].replace(/\s+/g, ' ')).toBe(
      '<https://herald.example/u/abc>, <mailto:unsubscribe@herald.local?subject=unsubscribe%20abc>',
    );
    expect(row.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const signedHeaders = /\bh=([^;]+)/.exec(row.headers['dkim-signature'].replace(/\s+/g, ''))![1].toLowerCase();
    expect(signedHeaders.split(':')).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']));
  });

  it('a tampered body or subject does not verify', async () => {
    const row = await rawOf('reader@example.org');
    const tamperedBody = row.raw.replace('Hello there', 'Hello thief');
    expect(tamperedBody).not.toBe(row.raw);
    // mailauth answers a body-hash mismatch as neutral ("body hash did not verify"), a bad signature as fail.
    const body = (await dkimVerify(tamperedBody, { resolver })).results[0].status;
    expect(body.result).not.toBe('pass');
    expect(body.comment).toMatch(/body hash did not verify/);
    const tamperedSubject = row.raw.replace('Subject: Hello reader@example.org', 'Subject: Hello winner');
    expect(tamperedSubject).not.toBe(row.raw);
    expect((await dkimVerify(tamperedSubject, { resolver })).results[0].status.result).toBe('fail');
  });

  it('an unsigned message is recorded as none', async () => {
    await transport.send(message('plain@example.org', { dkim: undefined }));
    expect((await rawOf('plain@example.org')).dkimResult).toBe('none');
  });
});

describe('the sink address rules produce every result', () => {
  it.each([
    ['anyone@example.org', 'deliver', false, 250],
    ['bounce@example.org', 'invalid', false, 550],
    ['jane+invalid@example.org', 'invalid', false, 553],
    ['defer@example.org', 'soft_bounce', true, 421],
    ['reject@example.org', 'submit_fail', false, 554],
  ])('%s → %s', async (to, result, retryable, smtpCode) => {
    expect(await transport.send(message(to))).toMatchObject({ result, retryable, smtpCode });
  });

  it('soft2 is refused twice with 451, then a retry delivers', async () => {
    const to = 'soft2-a@example.org';
    expect(await transport.send(message(to))).toMatchObject({ result: 'soft_bounce', retryable: true, smtpCode: 451 });
    expect(await transport.send(message(to))).toMatchObject({ result: 'soft_bounce', smtpCode: 451 });
    expect(await transport.send(message(to))).toMatchObject({ result: 'deliver', smtpCode: 250 });
  });

  it('complain is delivered and reported as a complaint with the original headers', async () => {
    expect(await transport.send(message('complain@example.org'))).toMatchObject({ result: 'deliver' });
    expect((await rawOf('complain@example.org')).complaint).toBe(true);
    const report = feedback.find((f) => f.address === 'complain@example.org')!;
    expect(report.kind).toBe('complaint');
    expect(report.headers['list-unsubscribe']).toContain('https://herald.example/u/abc');
  });

  it('no server to connect to is a retryable submit failure', async () => {
    const nowhere = smtpMailTransport({ port: 1, maxConnections: 1 });
    expect(await nowhere.send(message('anyone@example.org'))).toMatchObject({
      result: 'submit_fail',
      retryable: true,
      smtpCode: 0,
    });
    await nowhere.close();
  });
});

describe('pooling and restarts', () => {
  it('50 messages go over at most maxConnections connections', async () => {
    const pooled = smtpMailTransport({ port: sink.port, maxConnections: 2, maxMessages: 100 });
    const before = sink.connections();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => pooled.send(message(`pool-${i}@example.org`))),
    );
    expect(results.every((r) => r.result === 'deliver')).toBe(true);
    expect(sink.connections() - before).toBeLessThanOrEqual(2);
    await pooled.close();
  });

  it('a sink restarted on its configured port takes mail again, and kept what it had', async () => {
    const port = sink.port;
    const storedBefore = (await latestSinkMessages(server.deps.database.db, 1000)).length;
    await transport.close();
    await sink.close();
    sink = await startSandboxSink({ db: server.deps.database.db, clock: server.deps.clock, resolver, port });
    expect(sink.port).toBe(port);
    transport = smtpMailTransport({ port, maxConnections: 2 });
    expect(await transport.send(message('after-restart@example.org'))).toMatchObject({ result: 'deliver' });
    expect((await latestSinkMessages(server.deps.database.db, 1000)).length).toBe(storedBefore + 1);
  });
});

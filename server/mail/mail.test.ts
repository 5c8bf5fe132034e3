import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, lastMessageTo, registerAccount, type TestServer } from '../testing/harness';
import type { MemoryJobQueue } from '../queue/memory';
import type { Messenger } from '../providers/messenger';
import { QUEUE } from '../queue';
import { MAIL_RETRY } from './index';

let server: TestServer;
let failuresLeft = 0;
beforeAll(async () => {
  server = await createTestServer();
  const real = server.deps.messenger;
  // An SMTP server that is down for the next `failuresLeft` attempts.
  const flaky: Messenger = {
    async sendMail(mail) {
      if (failuresLeft > 0) {
        failuresLeft--;
        throw new Error('421 service not available');
      }
      await real.sendMail(mail);
    },
    sendSms: (to, text) => real.sendSms(to, text),
  };
  server.deps.messenger = flaky;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const queue = () => server.deps.jobs as MemoryJobQueue;

describe('mail through the job queue', () => {
  it('answers a request whose mail fails, then delivers the mail on a retry', async () => {
    const email = `flaky-${process.pid}@example.com`;
    await registerAccount(server, email);
    const failedBefore = queue().failures.length;
    failuresLeft = 2;
    const reply = await server.api('SendResetPasswordEmail', { Email: email });
    expect(reply.RetCode).toBe(0);
    await queue().idle();
    expect(queue().failures.length - failedBefore).toBe(2);
    const mail = await lastMessageTo(server, email);
    expect(mail.subject).toMatch(/Reset your Herald password/);
  });

  it('enqueues mail with retries and back-off, never sends it inside the request', async () => {
    const email = `queued-${process.pid}@example.com`;
    await registerAccount(server, email, { activate: false });
    const job = queue().sent.findLast((j) => j.queue === QUEUE.mail && (j.data as { to: string }).to === email);
    expect(job?.options).toEqual(MAIL_RETRY);
    expect((job?.data as { subject: string }).subject).toMatch(/Activate your Herald account/);
  });

  it('gives a mail up after its retries and keeps answering', async () => {
    const email = `down-${process.pid}@example.com`;
    await registerAccount(server, email);
    failuresLeft = MAIL_RETRY.retryLimit + 1;
    expect((await server.api('SendResetPasswordEmail', { Email: email })).RetCode).toBe(0);
    await queue().idle();
    expect(failuresLeft).toBe(0);
    failuresLeft = 0;
  });
});

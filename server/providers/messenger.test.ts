import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { createTestServer, GOOD_PASSWORD, registerAccount, type TestServer } from '../testing/harness';

interface Delivered {
  from: string;
  to: string[];
  raw: string;
}

// A real SMTP server on loopback: what the gateway sends when SMTP_URL is set.
const delivered: Delivered[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      delivered.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let server: TestServer;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  // a plain loopback server offers no TLS: ignoreTLS keeps nodemailer from asking for STARTTLS
  server = await createTestServer({
    smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    mailFrom: 'Herald Test <mailer@herald.test>',
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The text body of a MIME message, decoded (nodemailer picks quoted-printable or base64). */
function bodyText(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

describe('SMTP messenger (SMTP_URL)', () => {
  it('delivers the reset mail over SMTP with a working link', async () => {
    // the sign-up's activation mail goes over SMTP too; its key is read from there
    const mailsBefore = delivered.length;
    await registerAccount(server, 'smtp-user@example.com', { activate: false });
    expect(delivered.length).toBe(mailsBefore + 1);
    const activation = bodyText(delivered.at(-1)!.raw);
    const activationKey = /[?&]key=([A-Za-z0-9_-]+)/.exec(activation)?.[1];
    expect((await server.api('ActivateAdminUser', { Key: activationKey })).RetCode).toBe(0);

    expect((await server.api('SendResetPasswordEmail', { Email: 'smtp-user@example.com' })).RetCode).toBe(0);
    const mail = delivered.at(-1)!;
    expect(mail.to).toEqual(['smtp-user@example.com']);
    expect(mail.from).toBe('mailer@herald.test');
    expect(mail.raw).toMatch(/^Subject: Reset your Herald password/im);
    const text = bodyText(mail.raw);
    expect(text).toMatch(/http:\/\/localhost\/reset\?key=[A-Za-z0-9_-]{16,}/);
    const key = /[?&]key=([A-Za-z0-9_-]+)/.exec(text)![1];

    expect((await server.api('ResetPassword', { Key: key, Password: 'Mailed-pass-5' })).RetCode).toBe(0);
    expect(
      (await server.api('LoginByPassword', { Email: 'smtp-user@example.com', Password: 'Mailed-pass-5' })).RetCode,
    ).toBe(0);
    expect(
      (await server.api('LoginByPassword', { Email: 'smtp-user@example.com', Password: GOOD_PASSWORD })).RetCode,
    ).toBe(RetCode.SignInFailed);
  });

  it('keeps account SMS in the sandbox outbox and mails nothing there', async () => {
    const response = await server.app.request('/dev/outbox.json');
    const messages = (await response.json()) as { channel: string; to: string }[];
    expect(messages.some((m) => m.channel === 'sms')).toBe(true);
    expect(messages.filter((m) => m.channel === 'email')).toEqual([]);
  });

  it('mails in the user language', async () => {
    expect((await server.api('SendResetPasswordEmail', { Email: 'demo@herald.local' }, { lang: 'zh' })).RetCode).toBe(
      0,
    );
    const mail = delivered.at(-1)!;
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?/im);
    expect(bodyText(mail.raw)).toMatch(/[\u4e00-\u9fff]/);
  });
});

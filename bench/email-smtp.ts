import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { boot } from '../server/boot';
import { memoryJobQueue } from '../server/queue/memory';
import { fixedTxtResolver } from '../server/providers/mail/dkim-check';
import { nodemailerMessage } from '../server/providers/mail/smtp-transport';
import type { MailMessage } from '../server/providers/mail/types';

// Issue 13 item 5's figures. (1) Render + DKIM-sign: 10,000 per-recipient messages built into full MIME
// and signed (nodemailer, RSA-2048), no network. (2) SMTP delivery to the embedded loopback sink through
// the pooled transport (5 connections, 100 messages each); the sink parses, DKIM-verifies (mailauth)
// and stores every message in the embedded database, as it does in the sandbox. Peak RSS of this process
// (transport and sink both run in it). Per CPU-second figures too: the shared machine moves wall-clock ones.

const SIGN_MESSAGES = Number(process.env.BENCH_EMAIL_SIGN ?? 10_000);
const SMTP_MESSAGES = Number(process.env.BENCH_EMAIL_SMTP ?? 5_000);
const IN_FLIGHT = 100;

const TEMPLATE_HTML =
  '<table width="100%"><tr><td><h1>Hello {{firstName}}</h1><p>Your autumn offers are here, {{firstName}}.</p>' +
  '<p><a href="https://shop.example.com/offers?c={{code}}">See the offers</a></p></td></tr>' +
  '<tr><td style="font-size:12px;color:#64748b">You get this because you subscribed. <a href="{{unsubscribe}}">Unsubscribe</a></td></tr></table>';

function render(i: number, dkim: MailMessage['dkim']): MailMessage {
  const values: Record<string, string> = {
    firstName: `Reader${i}`,
    code: `C${i.toString(36)}`,
    unsubscribe: `https://herald.example/u/${i}`,
  };
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
  return {
    from: 'Shop <news@mail.example.com>',
    to: `reader${i}@example.org`,
    subject: fill('Autumn offers for {{firstName}}'),
    html: fill(TEMPLATE_HTML),
    text: fill('Hello {{firstName}}, your autumn offers: https://shop.example.com/offers?c={{code}}'),
    dkim,
    listUnsubscribe: { url: values.unsubscribe, mailto: `unsubscribe@herald.local?subject=u${i}` },
  };
}

/** CPU seconds of this process (user + system): what the work costs whatever the machine's load. */
const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;

function peakRss(): { stop: () => number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.round(Math.max(peak, process.memoryUsage().rss) / 1e6);
    },
  };
}

export async function benchEmailSmtp(): Promise<Record<string, string | number>> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const dkim = {
    domainName: 'mail.example.com',
    keySelector: 'bench',
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

  // (1) Render + sign, no network: nodemailer's stream transport builds and signs the whole message.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const signMemory = peakRss();
  const signStart = performance.now();
  const signCpu = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < SIGN_MESSAGES; i++) {
    const info = await builder.sendMail(nodemailerMessage(render(i, dkim)));
    bytes += (info.message as Buffer).length;
  }
  const signMs = performance.now() - signStart;
  const signCpuS = cpuSeconds(process.cpuUsage(signCpu));
  const signPeak = signMemory.stop();

  // (2) Pooled SMTP to the embedded sink, which stores what it accepts.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'herald-bench-email-'));
  const deps = await boot({
    dataDir,
    skipSeed: true,
    jobs: memoryJobQueue(),
    dkimResolver: fixedTxtResolver({ 'bench._domainkey.mail.example.com': record }),
  });
  try {
    const transport = await deps.mail.transport();
    const sink = deps.mail.sink()!;
    const smtpMemory = peakRss();
    const smtpStart = performance.now();
    const smtpCpu = process.cpuUsage();
    let delivered = 0;
    for (let from = 0; from < SMTP_MESSAGES; from += IN_FLIGHT) {
      const batch = Array.from({ length: Math.min(IN_FLIGHT, SMTP_MESSAGES - from) }, (_, k) =>
        transport.send(render(from + k, dkim)),
      );
      delivered += (await Promise.all(batch)).filter((r) => r.result === 'deliver').length;
    }
    const smtpMs = performance.now() - smtpStart;
    const smtpCpuS = cpuSeconds(process.cpuUsage(smtpCpu));
    const smtpPeak = smtpMemory.stop();
    return {
      'render + DKIM-sign, messages': SIGN_MESSAGES,
      'render + DKIM-sign, messages/s': Math.round(SIGN_MESSAGES / (signMs / 1000)),
      'render + DKIM-sign, messages per CPU-s': Math.round(SIGN_MESSAGES / signCpuS),
      'average signed message, bytes': Math.round(bytes / SIGN_MESSAGES),
      'render + sign peak RSS, MB': signPeak,
      'SMTP to the sink, messages': SMTP_MESSAGES,
      'SMTP to the sink, delivered': delivered,
      'SMTP to the sink (pooled, 5 connections), messages/s': Math.round(SMTP_MESSAGES / (smtpMs / 1000)),
      'SMTP to the sink, messages per CPU-s (transport and sink together)': Math.round(SMTP_MESSAGES / smtpCpuS),
      'SMTP connections opened': sink.connections(),
      'SMTP peak RSS (transport + sink + PGlite), MB': smtpPeak,
    };
  } finally {
    await deps.mail.close();
    await deps.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchEmailSmtp());
  process.exit(0);
}

import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import { sinkDecision } from './sink-rules';
import { countSinkAttempt, storeSinkMessage } from './sink-store';
import { checkDkim, type DNSResolver } from './dkim-check';

// The embedded sandbox SMTP sink (smtp-server on loopback): the default destination of channel mail.
// It answers each recipient by the documented address rules (sink-rules.ts), keeps what it accepts
// (raw source, parsed parts, DKIM verdict) for /dev/outbox, and reports complaints through onFeedback.

export interface MailFeedback {
  kind: 'complaint';
  address: string;
  messageId: string;
  /** The complained-of message's headers: the kernel finds its task and recipient from them. */
  headers: Record<string, string>;
}

export interface SandboxSinkOptions {
  db: Db;
  clock: Clock;
  /** HERALD_SMTP_SINK_PORT; 0 (the default) takes any free port. */
  port?: number;
  host?: string;
  /** DNS for the DKIM check of received mail. */
  resolver: DNSResolver;
  onFeedback?: (feedback: MailFeedback) => Promise<void> | void;
  /** Largest message accepted, bytes. */
  maxBytes?: number;
}

export interface SandboxSink {
  readonly host: string;
  readonly port: number;
  /** SMTP connections opened to the sink since it started (pooling keeps this low). */
  connections(): number;
  close(): Promise<void>;
}

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startSandboxSink(options: SandboxSinkOptions): Promise<SandboxSink> {
  const host = options.host ?? '127.0.0.1';
  let connections = 0;

  async function acceptRecipient(address: string): Promise<Error | null> {
    const decision = sinkDecision(address);
    if (decision.kind === 'refuse' && decision.step === 'rcpt') return smtpError(decision.code, decision.message);
    if (decision.kind === 'soft' && (await countSinkAttempt(options.db, address)) <= decision.times)
      return smtpError(decision.code, decision.message);
    return null;
  }

  async function receive(raw: Buffer, session: SMTPServerSession): Promise<string> {
    const recipients = session.envelope.rcptTo.map((r) => r.address);
    const refused = recipients.map(sinkDecision).find((d) => d.kind === 'refuse' && d.step === 'data');
    if (refused && refused.kind === 'refuse') throw smtpError(refused.code, refused.message);
    const parsed = await simpleParser(raw);
    const dkim = await checkDkim(raw, options.resolver).catch((error: unknown) => ({
      result: 'temperror',
      detail: String(error),
    }));
    const complainers = recipients.filter((r) => {
      const d = sinkDecision(r);
      return d.kind === 'accept' && d.complaint;
    });
    const mailFrom = session.envelope.mailFrom;
    const id = await storeSinkMessage(options.db, {
      receivedAt: options.clock.now(),
      envelopeFrom: mailFrom ? mailFrom.address : '',
      envelopeTo: recipients,
      raw: raw.toString('utf8'),
      parsed,
      dkim,
      complaint: complainers.length > 0,
    });
    if (options.onFeedback) {
      const headers: Record<string, string> = {};
      for (const { key, line } of parsed.headerLines) headers[key] = line.slice(line.indexOf(':') + 1).trim();
      for (const address of complainers)
        await options.onFeedback({ kind: 'complaint', address, messageId: parsed.messageId ?? '', headers });
    }
    return `Accepted as sink message ${id}`;
  }

  const server = new SMTPServer({
    name: 'herald-sandbox-sink',
    banner: 'Herald sandbox SMTP sink (loopback only; see /dev/outbox)',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: options.maxBytes ?? 25 * 1024 * 1024,
    logger: false,
    // Pooled clients keep connections open: on close, drop them after a second instead of 30.
    closeTimeout: 1000,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onRcptTo(address, _session, callback) {
      acceptRecipient(address.address).then(callback, callback);
    },
    onData(stream, session, callback) {
      readAll(stream)
        .then((raw) => receive(raw, session))
        .then(
          (reply) => callback(null, reply),
          (error: Error) => callback(error),
        );
    },
  });
  server.on('error', (error) => console.error('[smtp-sink]', error.message));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    host,
    port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import { smtpMailTransport, type SmtpTransportOptions } from './smtp-transport';
import { startSandboxSink, type MailFeedback, type SandboxSink } from './sandbox-sink';
import { systemDnsResolver, type DNSResolver } from './dkim-check';
import type { MailTransport } from './types';

export type { MailMessage, MailSendResult, MailTransport, EmailDeliveryResult, DkimKey } from './types';
export type { MailFeedback, SandboxSink } from './sandbox-sink';

// Channel mail's way out, chosen by the environment: SMTP_URL's relay when set, else the embedded
// sandbox SMTP sink on loopback (HERALD_SMTP_SINK_PORT, any free port by default).

export interface ChannelMailOptions {
  db: Db;
  clock: Clock;
  smtpUrl?: string;
  sinkPort?: number;
  /** DNS for the sink's DKIM check (default: the system's). */
  resolver?: DNSResolver;
  pool?: Pick<SmtpTransportOptions, 'maxConnections' | 'maxMessages'>;
  /** Complaints the sink produces (the `complain` address rule). */
  onFeedback?: (feedback: MailFeedback) => Promise<void> | void;
}

export interface ChannelMail {
  /** The transport; the first call starts the sink when there is no relay. */
  transport(): Promise<MailTransport>;
  /** The running sink (null with a relay, or before the first transport()). */
  sink(): SandboxSink | null;
  close(): Promise<void>;
}

export function channelMail(options: ChannelMailOptions): ChannelMail {
  let started: Promise<{ transport: MailTransport; sink: SandboxSink | null }> | null = null;
  let sink: SandboxSink | null = null;
  const start = async () => {
    if (options.smtpUrl) return { transport: smtpMailTransport({ url: options.smtpUrl, ...options.pool }), sink: null };
    sink = await startSandboxSink({
      db: options.db,
      clock: options.clock,
      port: options.sinkPort,
      resolver: options.resolver ?? systemDnsResolver(),
      onFeedback: options.onFeedback,
    });
    return { transport: smtpMailTransport({ host: sink.host, port: sink.port, ...options.pool }), sink };
  };
  return {
    async transport() {
      // A sink that could not start (its port taken) is tried again on the next call.
      started ??= start().catch((error: unknown) => {
        started = null;
        throw error;
      });
      return (await started).transport;
    },
    sink: () => sink,
    async close() {
      if (!started) return;
      const { transport } = await started;
      await transport.close();
      await sink?.close();
    },
  };
}

export function sinkPortFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const value = env.HERALD_SMTP_SINK_PORT;
  if (!value) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`HERALD_SMTP_SINK_PORT must be a port number, not ${value}`);
  return port;
}

import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { MailMessage, MailSendResult, MailTransport } from './types';
import { resultOfAccepted, resultOfSmtpError, type SmtpErrorLike } from './smtp-outcome';

/** nodemailer's default signed headers plus List-Unsubscribe-Post: RFC 8058 §4 wants both List-* signed. */
const DKIM_SIGNED_HEADERS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:' +
  'Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:' +
  'In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:' +
  'List-Owner:List-Archive';

export interface SmtpTransportOptions {
  /** smtp://user:pass@host:port or smtps://… (SMTP_URL); or host and port for the loopback sink. */
  url?: string;
  host?: string;
  port?: number;
  /** Connections kept open at once (nodemailer's pool). */
  maxConnections?: number;
  /** Messages per connection before it is replaced. */
  maxMessages?: number;
  /** The name said in EHLO. */
  name?: string;
}

export const POOL_DEFAULTS = { maxConnections: 5, maxMessages: 100 } as const;

/** The headers that make a one-click unsubscribe (RFC 8058 and RFC 2369). */
export function listUnsubscribeHeaders(
  unsubscribe: NonNullable<MailMessage['listUnsubscribe']>,
): Record<string, string> {
  const targets = [unsubscribe.url, ...(unsubscribe.mailto ? [`mailto:${unsubscribe.mailto}`] : [])];
  return {
    'List-Unsubscribe': targets.map((target) => `<${target}>`).join(', '),
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The message as nodemailer takes it: headers, DKIM (per message, the sending domain's key). */
export function nodemailerMessage(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: {
      ...message.headers,
      ...(message.listUnsubscribe ? listUnsubscribeHeaders(message.listUnsubscribe) : {}),
    },
    envelope: message.returnPath ? { from: message.returnPath, to: message.to } : undefined,
    dkim: message.dkim ? { ...message.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } : undefined,
  };
}

/** Channel mail over SMTP with pooled connections (nodemailer's pool: reuse, at most maxConnections). */
export function smtpMailTransport(options: SmtpTransportOptions): MailTransport {
  const pool: SMTPPool.Options = {
    pool: true,
    maxConnections: options.maxConnections ?? POOL_DEFAULTS.maxConnections,
    maxMessages: options.maxMessages ?? POOL_DEFAULTS.maxMessages,
    name: options.name,
    ...(options.url
      ? { url: options.url }
      : // The loopback sink speaks plain SMTP: no STARTTLS to try.
        { host: options.host ?? '127.0.0.1', port: options.port, secure: false, ignoreTLS: true }),
  };
  const transport = nodemailer.createTransport(pool);
  return {
    name: options.url ? 'smtp' : 'sandbox-sink',
    async send(message: MailMessage): Promise<MailSendResult> {
      try {
        const info = await transport.sendMail(nodemailerMessage(message));
        return resultOfAccepted(info.response, info.messageId);
      } catch (error) {
        return resultOfSmtpError(error as SmtpErrorLike);
      }
    },
    async close() {
      transport.close();
    },
  };
}

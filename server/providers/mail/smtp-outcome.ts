import type { MailSendResult } from './types';

// How an SMTP answer becomes a spec 001 delivery result (docs/decisions.md, "E-mail delivery"):
//   2xx to the whole message                         → deliver
//   5xx to RCPT TO (no such mailbox, bad address)    → invalid (a hard bounce: the address is suppressed)
//   4xx at any step (421 deferral, 451, 452)         → soft_bounce, retryable
//   5xx to MAIL FROM, DATA or the message itself     → submit_fail (refused for the sender or content)
//   no connection, no greeting, TLS or auth failure  → submit_fail, retryable (nothing was handed over)
//   the connection lost after the message was sent   → unknown (it may have arrived: no retry, no double)

/** The fields of a nodemailer SMTP error that decide the result. */
export interface SmtpErrorLike {
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

const AFTER_DATA = new Set(['DATA', 'STREAM', '.']);

export function resultOfSmtpError(error: SmtpErrorLike, messageId = ''): MailSendResult {
  const smtpCode = typeof error.responseCode === 'number' ? error.responseCode : 0;
  const response = error.response || error.message || String(error.code ?? 'error');
  const command = (error.command ?? '').toUpperCase();
  if (smtpCode >= 400 && smtpCode < 500)
    return { result: 'soft_bounce', retryable: true, smtpCode, response, messageId };
  if (smtpCode >= 500 && command.startsWith('RCPT'))
    return { result: 'invalid', retryable: false, smtpCode, response, messageId };
  if (smtpCode >= 500) return { result: 'submit_fail', retryable: false, smtpCode, response, messageId };
  if (AFTER_DATA.has(command)) return { result: 'unknown', retryable: false, smtpCode, response, messageId };
  return { result: 'submit_fail', retryable: true, smtpCode, response, messageId };
}

/** nodemailer's info.response is the final reply line: `250 2.0.0 OK: queued as …`. */
export function resultOfAccepted(response: string, messageId: string): MailSendResult {
  const smtpCode = Number(/^\d{3}/.exec(response)?.[0] ?? 250);
  return { result: 'deliver', retryable: false, smtpCode, response, messageId };
}

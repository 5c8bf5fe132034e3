// Channel mail (marketing and notification e-mail of a task) leaves Herald through a MailTransport:
// SMTP with pooled connections, to SMTP_URL's relay or to the embedded sandbox SMTP sink. System mail
// (sign-up codes, resets) keeps its own path (server/providers/messenger.ts).

/** Spec 001 §4, e-mail delivery results. */
export const EMAIL_DELIVERY_RESULTS = ['unknown', 'deliver', 'invalid', 'soft_bounce', 'submit_fail'] as const;
export type EmailDeliveryResult = (typeof EMAIL_DELIVERY_RESULTS)[number];

/** A domain's DKIM key, as nodemailer signs with it (the key pair comes from the sending domain). */
export interface DkimKey {
  domainName: string;
  keySelector: string;
  /** PEM, PKCS#1 or PKCS#8. */
  privateKey: string;
}

/** RFC 8058 one-click unsubscribe: the https URL takes a POST; mailto is the fallback for older clients. */
export interface ListUnsubscribe {
  url: string;
  /** An address with an optional query, without the scheme: `unsubscribe@example.com?subject=…`. */
  mailto?: string;
}

export interface MailMessage {
  /** `Alias <address>` or an address. */
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  dkim?: DkimKey;
  /** Required on every marketing mail (RFC 8058): adds List-Unsubscribe and List-Unsubscribe-Post. */
  listUnsubscribe?: ListUnsubscribe;
  /** The envelope sender (bounce address); the From address when absent. */
  returnPath?: string;
}

/**
 * What one SMTP hand-over answered. `result` is the final result if nothing is retried; `retryable`
 * says whether trying again later may change it (4xx replies, a connection that could not be made).
 */
export interface MailSendResult {
  result: EmailDeliveryResult;
  retryable: boolean;
  /** The SMTP reply code (250, 451, 550 …), 0 when no reply came. */
  smtpCode: number;
  /** The server's reply line, or the connection error. */
  response: string;
  messageId: string;
}

export interface MailTransport {
  readonly name: string;
  send(message: MailMessage): Promise<MailSendResult>;
  close(): Promise<void>;
}

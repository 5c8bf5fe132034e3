import nodemailer from 'nodemailer';
import type { Db } from '../db/database';
import { outbox } from '../db/schema';
import type { Clock } from '../clock';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** How the gateway reaches people: e-mail and account SMS (codes). */
export interface Messenger {
  sendMail(mail: OutgoingMail): Promise<void>;
  sendSms(to: string, text: string): Promise<void>;
}

/** The sandbox default: every message lands in the outbox table, shown at /dev/outbox. */
export function sandboxMessenger(db: Db, clock: Clock): Messenger {
  return {
    async sendMail(mail) {
      await db
        .insert(outbox)
        .values({ channel: 'email', to: mail.to, subject: mail.subject, text: mail.text, createdAt: clock.now() });
    },
    async sendSms(to, text) {
      await db.insert(outbox).values({ channel: 'sms', to, subject: '', text, createdAt: clock.now() });
    },
  };
}

/** SMTP when SMTP_URL is set (smtp://user:pass@host:port); account SMS still go to the sandbox outbox. */
export function smtpMessenger(smtpUrl: string, from: string, fallback: Messenger): Messenger {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async sendMail(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    sendSms: (to, text) => fallback.sendSms(to, text),
  };
}

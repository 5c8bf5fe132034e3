import { desc, eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { Db } from '../../db/database';
import { mailSinkAttempts, mailSinkMessages } from '../../db/schema';
import { rowsOf } from '../../db/rows';

export type SinkMessageRow = typeof mailSinkMessages.$inferSelect;

/** One more attempt for an address; answers how many there have been (the soft-bounce rule's count). */
export async function countSinkAttempt(db: Db, address: string): Promise<number> {
  const [row] = await rowsOf<{ attempts: number }>(
    db,
    sql`INSERT INTO mail_sink_attempts (address, attempts) VALUES (${address.toLowerCase()}, 1)
      ON CONFLICT (address) DO UPDATE SET attempts = ${mailSinkAttempts.attempts} + 1 RETURNING attempts`,
  );
  return Number(row.attempts);
}

export interface ReceivedMail {
  receivedAt: Date;
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
  dkim: { result: string; detail: string };
  complaint: boolean;
}

const addressText = (value: ParsedMail['from'] | ParsedMail['to']) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.text).join(', ');

export async function storeSinkMessage(db: Db, mail: ReceivedMail): Promise<number> {
  const headers: Record<string, string> = {};
  for (const { key, line } of mail.parsed.headerLines) headers[key] = line.slice(line.indexOf(':') + 1).trim();
  const [row] = await db
    .insert(mailSinkMessages)
    .values({
      receivedAt: mail.receivedAt,
      envelopeFrom: mail.envelopeFrom,
      envelopeTo: mail.envelopeTo,
      fromHeader: addressText(mail.parsed.from),
      toHeader: addressText(mail.parsed.to),
      subject: mail.parsed.subject ?? '',
      messageId: mail.parsed.messageId ?? '',
      headers,
      dkimResult: mail.dkim.result,
      dkimDetail: mail.dkim.detail,
      complaint: mail.complaint,
      html: typeof mail.parsed.html === 'string' ? mail.parsed.html : null,
      textBody: mail.parsed.text ?? '',
      raw: mail.raw,
    })
    .returning({ id: mailSinkMessages.id });
  return row.id;
}

export async function latestSinkMessages(db: Db, limit = 100): Promise<SinkMessageRow[]> {
  return db.select().from(mailSinkMessages).orderBy(desc(mailSinkMessages.id)).limit(limit);
}

export async function sinkMessage(db: Db, id: number): Promise<SinkMessageRow | undefined> {
  const [row] = await db.select().from(mailSinkMessages).where(eq(mailSinkMessages.id, id));
  return row;
}

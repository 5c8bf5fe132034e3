import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { rowsOf } from '../db/rows';
import type { EmailSuppressionReason } from '../db/schema';

// E-mail suppression of an account: a hard bounce, a complaint or an unsubscribe puts the address on
// the account's list (email_suppressions, which pasted and file recipients are checked against too) and
// marks the account's contact with that address as suppressed for e-mail (the audience's own flag, shown
// and editable on the contact page). Both steps are idempotent; the first reason is kept.

export interface Suppression {
  userId: number;
  address: string;
  reason: EmailSuppressionReason;
  at: Date;
}

/** Answers whether the address was newly suppressed (false when it already was). */
export async function suppressEmail(db: Db, s: Suppression): Promise<boolean> {
  const address = s.address.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const inserted = await rowsOf<{ address: string }>(
      tx,
      sql`INSERT INTO email_suppressions (user_id, address, reason, created_at)
        VALUES (${s.userId}, ${address}, ${s.reason}, ${s.at.toISOString()}::timestamptz)
        ON CONFLICT (user_id, address) DO NOTHING RETURNING address`,
    );
    await tx.execute(sql`UPDATE audience_contacts SET suppressed = array_append(suppressed, 'email'), updated_at = ${s.at.toISOString()}::timestamptz
      WHERE user_id = ${s.userId} AND email = ${address} AND NOT ('email' = ANY(suppressed))`);
    return inserted.length > 0;
  });
}

/** The addresses among `addresses` the account must not mail (its list, or its contacts' flag). */
export async function suppressedEmails(db: Db, userId: number, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const lower = addresses.map((a) => a.trim().toLowerCase());
  const rows = await rowsOf<{ address: string }>(
    db,
    sql`SELECT address FROM email_suppressions WHERE user_id = ${userId} AND address = ANY(${sql.param(lower)}::text[])
      UNION SELECT email AS address FROM audience_contacts
      WHERE user_id = ${userId} AND email = ANY(${sql.param(lower)}::text[]) AND 'email' = ANY(suppressed)`,
  );
  return new Set(rows.map((r) => r.address));
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import { serverSecret } from '../db/server-secrets';

// The token in a mail's unsubscribe link (/u/<token>) and List-Unsubscribe header: who (account and
// address) and from which task, signed with HMAC-SHA256 under a per-deployment secret, so a link
// cannot be edited to unsubscribe someone else. It does not expire: an old mail's link still works.

export interface UnsubscribeSubject {
  userId: number;
  /** The task that sent the mail (0 when none): lets unsubscribes be counted per task. */
  taskId: number;
  address: string;
}

export const unsubscribeSecret = (db: Db): Promise<Buffer> => serverSecret(db, 'email-unsubscribe');

const mac = (secret: Buffer, s: UnsubscribeSubject) =>
  createHmac('sha256', secret)
    .update(`unsubscribe\n${s.userId}\n${s.taskId}\n${s.address.toLowerCase()}`)
    .digest('base64url');

export function signUnsubscribeToken(secret: Buffer, subject: UnsubscribeSubject): string {
  const address = Buffer.from(subject.address.toLowerCase()).toString('base64url');
  return `${subject.userId}.${subject.taskId}.${address}.${mac(secret, subject)}`;
}

/** The subject of a genuine token, or null for anything edited, truncated or made up. */
export function verifyUnsubscribeToken(secret: Buffer, token: string): UnsubscribeSubject | null {
  const match = /^(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const subject = {
    userId: Number(match[1]),
    taskId: Number(match[2]),
    address: Buffer.from(match[3], 'base64url').toString('utf8'),
  };
  const expected = Buffer.from(mac(secret, subject));
  const given = Buffer.from(match[4]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return subject;
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';
import { serverSecret } from '../db/server-secrets';

// The token in a mail's open pixel (/t/o/<token>.gif) and click redirects (/t/c/<token>): which mail
// (task, recipient seq, link index) signed with HMAC-SHA256 under a per-deployment secret, together with
// the account that sent it and the kind of event. The token carries no URL: a click goes to the task's
// own link at that index, so it cannot be edited into a redirect anywhere else, to another recipient or
// to another account's task.

export type TrackTokenKind = 'o' | 'c';

export interface TrackSubject {
  /** The task's internal id (channel_tasks.id). */
  taskId: number;
  /** The recipient's seq in the task. */
  seq: number;
  /** The link's index in the task's tracked links (0 for the open pixel). */
  index: number;
}

export const trackSecret = (db: Db): Promise<Buffer> => serverSecret(db, 'email-tracking');

const mac = (secret: Buffer, kind: TrackTokenKind, userId: number, s: TrackSubject) =>
  createHmac('sha256', secret)
    .update(`track\n${kind}\n${userId}\n${s.taskId}\n${s.seq}\n${s.index}`)
    .digest('base64url');

export function signTrackToken(secret: Buffer, kind: TrackTokenKind, userId: number, s: TrackSubject): string {
  return `${s.taskId}.${s.seq}.${s.index}.${mac(secret, kind, userId, s)}`;
}

/** What a token names (not yet verified: the owner is needed for that), or null when malformed. */
export function parseTrackToken(token: string): (TrackSubject & { mac: string }) | null {
  const match = /^(\d{1,15})\.(\d{1,9})\.(\d{1,4})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  return { taskId: Number(match[1]), seq: Number(match[2]), index: Number(match[3]), mac: match[4] };
}

/** Whether a parsed token was signed for this kind and the task's owner. */
export function trackTokenValid(
  secret: Buffer,
  kind: TrackTokenKind,
  userId: number,
  token: TrackSubject & { mac: string },
): boolean {
  const expected = Buffer.from(mac(secret, kind, userId, token));
  const given = Buffer.from(token.mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

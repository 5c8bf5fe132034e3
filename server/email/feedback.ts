import type { Db } from '../db/database';
import type { Clock } from '../clock';
import type { MailFeedback } from '../providers/mail/sandbox-sink';
import { suppressEmail } from './suppression';
import { unsubscribeSecret, verifyUnsubscribeToken } from './unsubscribe-token';

// A complaint (a recipient marked the mail as spam; feedback loops hand back the original message)
// suppresses the address for the account that sent it. Which account: the signed token in the
// message's own List-Unsubscribe link, which every marketing mail carries, so a forged report naming
// an address cannot suppress it for an account whose token it does not hold.

const TOKEN_IN_LINK = /<https?:\/\/[^>]*\/u\/([A-Za-z0-9._-]+)>/;

/** Answers whether the complaint was taken; `received` hears the account (its spam rate changed). */
export async function handleMailFeedback(
  db: Db,
  clock: Clock,
  feedback: MailFeedback,
  received?: (userId: number) => Promise<void>,
): Promise<boolean> {
  const header = Object.entries(feedback.headers).find(([key]) => key.toLowerCase() === 'list-unsubscribe')?.[1];
  const token = TOKEN_IN_LINK.exec(header ?? '')?.[1];
  if (!token) return false;
  const subject = verifyUnsubscribeToken(await unsubscribeSecret(db), token);
  if (!subject) return false;
  await suppressEmail(db, { userId: subject.userId, address: subject.address, reason: 'complaint', at: clock.now() });
  await received?.(subject.userId);
  return true;
}

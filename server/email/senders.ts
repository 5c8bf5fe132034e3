import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/database';
import { emailDomains, emailSenders, type EmailSenderRow } from '../db/schema';
import { ApiError, fieldError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import type { Clock } from '../clock';
import { RetCode } from '../../src/gateway/contract/retcodes';
import {
  EMAIL_DOMAIN_STATUS,
  EMAIL_SENDER_STATUS,
  SENDER_LOCAL_PART_PATTERN,
} from '../../src/gateway/contract/email-domains';
import type { EmailSender } from '../../src/gateway/contract/actions/email-domains';
import { emailDomainUsable } from '../../src/machines/lifecycles/email-domain.machine';
import { emailSenderLifecycle, type EmailSenderEvent } from '../../src/machines/lifecycles/email-sender.machine';

// E-mail senders (issue 13 item 2): an alias and an address on one of the account's verified domains.
// Status changes are the sender lifecycle's; enabling also needs the domain passed.

interface Deps {
  db: Db;
  clock: Clock;
}

export function emailSenderData(row: EmailSenderRow): EmailSender {
  return {
    SenderId: row.senderId,
    DomainId: row.domainId,
    Domain: row.address.slice(row.address.indexOf('@') + 1),
    Alias: row.alias,
    Address: row.address,
    Status: row.status,
    CreateTime: unix(row.createdAt),
  };
}

export function listSenders(db: Db, userId: number): Promise<EmailSenderRow[]> {
  return db
    .select()
    .from(emailSenders)
    .where(and(eq(emailSenders.userId, userId), ne(emailSenders.status, EMAIL_SENDER_STATUS.Deleted)))
    .orderBy(asc(emailSenders.createdAt), asc(emailSenders.id));
}

export async function ownedSender(db: Db, userId: number, senderId: string): Promise<EmailSenderRow> {
  const [row] = await db
    .select()
    .from(emailSenders)
    .where(
      and(
        eq(emailSenders.senderId, senderId),
        eq(emailSenders.userId, userId),
        ne(emailSenders.status, EMAIL_SENDER_STATUS.Deleted),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** The account's live domain of that name, whatever its status. */
async function domainNamed(db: Db, userId: number, domain: string) {
  const [row] = await db
    .select()
    .from(emailDomains)
    .where(
      and(
        eq(emailDomains.userId, userId),
        eq(emailDomains.domain, domain),
        ne(emailDomains.status, EMAIL_DOMAIN_STATUS.Deleted),
      ),
    );
  return row;
}

export async function addSender(
  deps: Deps,
  userId: number,
  input: { Alias: string; Address: string },
): Promise<EmailSenderRow> {
  const at = input.Address.lastIndexOf('@');
  const local = input.Address.slice(0, at);
  if (!SENDER_LOCAL_PART_PATTERN.test(local)) throw fieldError('Address', 'validation:senderAddressInvalid');
  const domain = await domainNamed(deps.db, userId, input.Address.slice(at + 1));
  if (!domain) throw fieldError('Address', 'validation:senderDomainUnknown');
  if (!emailDomainUsable(domain.status)) throw fieldError('Address', 'validation:senderDomainUnverified');
  const now = deps.clock.now();
  const [row] = await deps.db
    .insert(emailSenders)
    .values({
      senderId: newPublicId('ES'),
      userId,
      domainId: domain.domainId,
      alias: input.Alias,
      address: input.Address,
      status: EMAIL_SENDER_STATUS.Enabled, // the sender lifecycle's initial state
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiError(RetCode.EmailSenderExists);
  return row;
}

export async function moveSender(
  deps: Deps,
  row: EmailSenderRow,
  event: EmailSenderEvent['type'],
): Promise<EmailSenderRow> {
  const next = emailSenderLifecycle.next(row.status, event);
  if (!next) throw new ApiError(RetCode.IllegalTransition);
  if (event === 'sender.enable') {
    const [domain] = await deps.db.select().from(emailDomains).where(eq(emailDomains.domainId, row.domainId));
    if (!domain || !emailDomainUsable(domain.status)) throw new ApiError(RetCode.EmailDomainNotVerified);
  }
  const [updated] = await deps.db
    .update(emailSenders)
    .set({ status: next.status, updatedAt: deps.clock.now() })
    .where(and(eq(emailSenders.id, row.id), eq(emailSenders.status, row.status)))
    .returning();
  if (!updated) throw new ApiError(RetCode.IllegalTransition);
  return updated;
}

/**
 * The senders mail may go out from now: enabled, on a domain that passes (a domain that stopped
 * passing keeps its senders' status but they are not usable until it passes again).
 */
export async function usableSender(db: Db, userId: number, senderId: string): Promise<EmailSenderRow | null> {
  const [row] = await db
    .select({ sender: emailSenders })
    .from(emailSenders)
    .innerJoin(emailDomains, eq(emailDomains.domainId, emailSenders.domainId))
    .where(
      and(
        eq(emailSenders.senderId, senderId),
        eq(emailSenders.userId, userId),
        eq(emailSenders.status, EMAIL_SENDER_STATUS.Enabled),
        eq(emailDomains.status, EMAIL_DOMAIN_STATUS.Passed),
      ),
    );
  return row?.sender ?? null;
}

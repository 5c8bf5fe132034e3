import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/database';
import { emailDomains, emailSenders, type EmailDomainRow, type StoredDnsCheck } from '../db/schema';
import { ApiError, fieldError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import type { ServerDeps } from '../context';
import { enqueueAfterCommit, QUEUE } from '../queue';
import { RetCode } from '../../src/gateway/contract/retcodes';
import {
  DEFAULT_TRACKING_PREFIX,
  EMAIL_DOMAIN_FAILED_SUB,
  EMAIL_DOMAIN_STATUS,
  EMAIL_REQUIRED_RECORDS,
  EMAIL_SENDER_STATUS,
  isMailboxProviderDomain,
} from '../../src/gateway/contract/email-domains';
import type { EmailDomain } from '../../src/gateway/contract/actions/email-domains';
import { emailDomainLifecycle, type EmailDomainEvent } from '../../src/machines/lifecycles/email-domain.machine';
import { newDkimKeyPair } from './dkim-keys';
import { heraldMailHosts, neededRecords } from './dns-records';
import { checkDomainDns, makeResolver } from './dns-check';

// Sending domains (issue 13 item 1; docs/decisions.md "E-mail domains and senders"): add with a DKIM
// key pair, show the records, verify by DNS, edit the tracking prefix, delete. Status changes are the
// domain lifecycle's (src/machines/lifecycles/email-domain.machine.ts); every query is by user id.

/** The re-check job: every 10 minutes for an hour after a domain is added or edited ("DNS takes 10 to 30 minutes"). */
export const RECHECK_INTERVAL_MS = 10 * 60_000;
export const RECHECK_ATTEMPTS = 6;

type Deps = Pick<ServerDeps, 'clock' | 'config' | 'jobs'> & { db: Db };

export function emailDomainData(row: EmailDomainRow, ownDomain: string): EmailDomain {
  const checks = new Map(row.checks.map((c) => [c.kind, c]));
  return {
    DomainId: row.domainId,
    Domain: row.domain,
    TrackingPrefix: row.trackingPrefix,
    TrackingDomain: `${row.trackingPrefix}.${row.domain}`,
    DkimSelector: row.dkimSelector,
    Status: row.status,
    VerifiedBefore:
      row.status === EMAIL_DOMAIN_STATUS.Failed && row.statusSub === EMAIL_DOMAIN_FAILED_SUB.VerifiedBefore,
    Editable: emailDomainLifecycle.can(row.status, 'domain.edit', row.statusSub),
    Records: neededRecords(
      {
        domain: row.domain,
        trackingPrefix: row.trackingPrefix,
        dkimSelector: row.dkimSelector,
        dkimPublicKey: row.dkimPublicKey,
      },
      heraldMailHosts(ownDomain),
    ).map((record) => {
      const check = checks.get(record.kind);
      return {
        Kind: record.kind,
        Type: record.type,
        Host: record.host,
        Name: record.name,
        Value: record.value,
        Found: check?.found ?? [],
        Status: check?.status ?? EMAIL_DOMAIN_STATUS.Unverified,
        Reason: check?.reason ?? '',
        Required: EMAIL_REQUIRED_RECORDS.includes(record.kind),
      };
    }),
    CheckTime: unix(row.checkedAt),
    VerifyTime: unix(row.verifiedAt),
    CreateTime: unix(row.createdAt),
  };
}

export async function ownedDomain(db: Db, userId: number, domainId: string): Promise<EmailDomainRow> {
  const [row] = await db
    .select()
    .from(emailDomains)
    .where(
      and(
        eq(emailDomains.domainId, domainId),
        eq(emailDomains.userId, userId),
        ne(emailDomains.status, EMAIL_DOMAIN_STATUS.Deleted),
      ),
    );
  if (!row) throw notFound();
  return row;
}

export function listDomains(db: Db, userId: number): Promise<EmailDomainRow[]> {
  return db
    .select()
    .from(emailDomains)
    .where(and(eq(emailDomains.userId, userId), ne(emailDomains.status, EMAIL_DOMAIN_STATUS.Deleted)))
    .orderBy(asc(emailDomains.createdAt), asc(emailDomains.id));
}

const scheduleRecheck = (deps: Deps, domainId: string, attempt = 1) =>
  enqueueAfterCommit(deps, QUEUE.emailDomainCheck, { domainId, attempt }, { startAfterMs: RECHECK_INTERVAL_MS });

export async function addDomain(
  deps: Deps,
  userId: number,
  input: { Domain: string; TrackingPrefix?: string },
): Promise<EmailDomainRow> {
  if (isMailboxProviderDomain(input.Domain)) throw fieldError('Domain', 'validation:emailDomainMailboxProvider');
  const now = deps.clock.now();
  const key = await newDkimKeyPair(now);
  const [row] = await deps.db
    .insert(emailDomains)
    .values({
      domainId: newPublicId('ED'),
      userId,
      domain: input.Domain,
      trackingPrefix: input.TrackingPrefix ?? DEFAULT_TRACKING_PREFIX,
      dkimSelector: key.selector,
      dkimPublicKey: key.publicKey,
      dkimPrivateKey: key.privateKey,
      status: EMAIL_DOMAIN_STATUS.Unverified,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiError(RetCode.EmailDomainExists);
  await scheduleRecheck(deps, row.domainId);
  return row;
}

/** Moves a row by a lifecycle event, only from the status it was read in (a concurrent change wins). */
async function moveDomain(
  deps: Deps,
  row: EmailDomainRow,
  event: EmailDomainEvent['type'],
  set: Partial<EmailDomainRow>,
): Promise<EmailDomainRow> {
  const next = emailDomainLifecycle.next(row.status, event, row.statusSub);
  if (!next) throw new ApiError(RetCode.EmailDomainNotEditable);
  const [updated] = await deps.db
    .update(emailDomains)
    .set({ ...set, status: next.status, statusSub: next.sub, updatedAt: deps.clock.now() })
    .where(
      and(eq(emailDomains.id, row.id), eq(emailDomains.status, row.status), eq(emailDomains.statusSub, row.statusSub)),
    )
    .returning();
  if (!updated) throw new ApiError(RetCode.IllegalTransition);
  return updated;
}

/** Looks the domain's records up now and stores the result with the status it leads to. */
export async function verifyDomain(deps: Deps, row: EmailDomainRow): Promise<EmailDomainRow> {
  const { checks, passed } = await checkDomainDns(row, deps.config.ownDomain, makeResolver(deps.config.dns));
  const now = deps.clock.now();
  const updated = await moveDomain(deps, row, passed ? 'verify.pass' : 'verify.fail', {
    checks: capped(checks),
    checkedAt: now,
    verifiedAt: passed ? now : row.verifiedAt,
  });
  return updated;
}

/** A domain published with a flood of records is shown with at most 10 values of 1,000 characters each. */
const capped = (checks: StoredDnsCheck[]) =>
  checks.map((c) => ({ ...c, found: c.found.slice(0, 10).map((value) => value.slice(0, 1_000)) }));

export async function updateDomain(deps: Deps, row: EmailDomainRow, trackingPrefix: string) {
  const checks = row.checks.filter((c) => c.kind !== 'TRACKING');
  const updated = await moveDomain(deps, row, 'domain.edit', { trackingPrefix, checks });
  await scheduleRecheck(deps, row.domainId);
  return updated;
}

export async function deleteDomain(deps: Deps, row: EmailDomainRow): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await moveDomain({ ...deps, db: tx as unknown as Db }, row, 'domain.delete', {});
    await tx
      .update(emailSenders)
      .set({ status: EMAIL_SENDER_STATUS.Deleted, updatedAt: now })
      .where(and(eq(emailSenders.userId, row.userId), eq(emailSenders.domainId, row.domainId)));
  });
}

/** The re-check job's work: verify again unless the domain passed or went; then the next attempt. */
export async function recheckDomain(deps: Deps, job: { domainId: string; attempt: number }): Promise<void> {
  const [row] = await deps.db.select().from(emailDomains).where(eq(emailDomains.domainId, job.domainId));
  if (!row || row.status === EMAIL_DOMAIN_STATUS.Deleted || row.status === EMAIL_DOMAIN_STATUS.Passed) return;
  const updated = await verifyDomain(deps, row);
  if (updated.status !== EMAIL_DOMAIN_STATUS.Passed && job.attempt < RECHECK_ATTEMPTS)
    await scheduleRecheck(deps, row.domainId, job.attempt + 1);
}

/**
 * The DKIM key the sending transport signs with (nodemailer's `dkim` option): only for a passed domain
 * of the account. The private key leaves this module only here, never towards the browser.
 */
export async function dkimSigningKeyFor(
  db: Db,
  accountId: number,
  domain: string,
): Promise<{ domainName: string; keySelector: string; privateKey: string } | null> {
  const [row] = await db
    .select()
    .from(emailDomains)
    .where(
      and(
        eq(emailDomains.userId, accountId),
        eq(emailDomains.domain, domain.toLowerCase()),
        eq(emailDomains.status, EMAIL_DOMAIN_STATUS.Passed),
      ),
    );
  return row ? { domainName: row.domain, keySelector: row.dkimSelector, privateKey: row.dkimPrivateKey } : null;
}

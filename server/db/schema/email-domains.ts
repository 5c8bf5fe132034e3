import { sql } from 'drizzle-orm';
import { bigserial, bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EmailDnsFailReason, EmailDnsRecordKind } from '../../../src/gateway/contract/email-domains';

// The e-mail domain tables of migrations/0008_email_domains.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One record of the last DNS check: what was found and whether it matched. */
export interface StoredDnsCheck {
  kind: EmailDnsRecordKind;
  /** EMAIL_DOMAIN_STATUS.Unverified / Passed / Failed. */
  status: number;
  reason: EmailDnsFailReason;
  found: string[];
}

/** Status: EMAIL_DOMAIN_STATUS; statusSub: EMAIL_DOMAIN_FAILED_SUB when failed. */
export const emailDomains = pgTable(
  'email_domains',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    domainId: text('domain_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    domain: text('domain').notNull(),
    trackingPrefix: text('tracking_prefix').notNull(),
    dkimSelector: text('dkim_selector').notNull(),
    /** The p= of the DKIM record: base64 of the DER SubjectPublicKeyInfo. */
    dkimPublicKey: text('dkim_public_key').notNull(),
    /** PKCS#8 PEM; only the signing transport reads it (dkimSigningKeyFor). */
    dkimPrivateKey: text('dkim_private_key').notNull(),
    status: integer('status').notNull().default(0),
    statusSub: integer('status_sub').notNull().default(0),
    checks: jsonb('checks').$type<StoredDnsCheck[]>().notNull().default([]),
    checkedAt: ts('checked_at'),
    verifiedAt: ts('verified_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('email_domains_domain_id_idx').on(t.domainId),
    uniqueIndex('email_domains_live_name_idx')
      .on(t.userId, t.domain)
      .where(sql`status <> 3`),
    index('email_domains_user_idx').on(t.userId, t.createdAt),
  ],
);
export type EmailDomainRow = typeof emailDomains.$inferSelect;

/** Status: EMAIL_SENDER_STATUS. `address` is the whole address, local part @ the domain. */
export const emailSenders = pgTable(
  'email_senders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    senderId: text('sender_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    domainId: text('domain_id').notNull(),
    alias: text('alias').notNull(),
    address: text('address').notNull(),
    status: integer('status').notNull().default(1),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('email_senders_sender_id_idx').on(t.senderId),
    uniqueIndex('email_senders_live_address_idx')
      .on(t.userId, t.address)
      .where(sql`status <> 2`),
    index('email_senders_domain_idx').on(t.domainId),
  ],
);
export type EmailSenderRow = typeof emailSenders.$inferSelect;

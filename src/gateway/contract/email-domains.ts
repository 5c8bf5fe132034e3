import { z } from 'zod';

// The e-mail channel's sending domains and senders (spec 001 §3, §4, §5; issue 13 items 1-2). The spec
// names the fields, statuses and rules but no codes or Actions: Herald's choices are in
// docs/decisions.md "E-mail domains and senders".

export {
  EMAIL_DOMAIN_FAILED_SUB,
  EMAIL_DOMAIN_STATUS,
  EMAIL_SENDER_STATUS,
  type EmailDomainStatus,
  type EmailSenderStatus,
} from './statuses';

/** The DNS records a sending domain publishes, in the order the console lists them. */
export const EMAIL_DNS_RECORD_KINDS = ['SPF', 'DKIM', 'DMARC', 'MX', 'TRACKING'] as const;
export type EmailDnsRecordKind = (typeof EMAIL_DNS_RECORD_KINDS)[number];
/** The records a domain's verify status depends on (spec 001 §3 "DNS checks (SPF, DKIM, DMARC, MX)"). */
export const EMAIL_REQUIRED_RECORDS: readonly EmailDnsRecordKind[] = ['SPF', 'DKIM', 'DMARC', 'MX'];

/** Why a record did not pass: a translation key of emailSetting:reason.*. */
export const EMAIL_DNS_FAIL_REASONS = ['', 'missing', 'mismatch', 'noDomain', 'timeout', 'lookupFailed'] as const;
export type EmailDnsFailReason = (typeof EMAIL_DNS_FAIL_REASONS)[number];

/**
 * Mailbox providers' domains: a business cannot publish DNS records there, and sending as them fails
 * DMARC (docs/decisions.md). Matched on the domain and its parent (mail.qq.com is qq.com's).
 */
export const MAILBOX_PROVIDER_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  'foxmail.com',
  '163.com',
  '126.com',
  'yeah.net',
  'sina.com',
  'sina.cn',
  'sohu.com',
  'aliyun.com',
  '139.com',
  '189.cn',
  'exmail.qq.com',
  'qiye.163.com',
  'office365.com',
  'outlook.cn',
] as const;

export function isMailboxProviderDomain(domain: string): boolean {
  const name = domain.toLowerCase();
  return MAILBOX_PROVIDER_DOMAINS.some((provider) => name === provider || name.endsWith(`.${provider}`));
}

/** A DNS label: letters, digits and hyphens, not starting or ending with a hyphen, at most 63. */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** Spec 001 §5: letters, digits, hyphen (and the dots between labels); at least two labels, a letter TLD. */
export const EMAIL_DOMAIN_PATTERN = new RegExp(`^(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);
/** Spec 001 §5: "Tracking prefix letters or digits". */
export const TRACKING_PREFIX_PATTERN = /^[A-Za-z0-9]{1,32}$/;
export const DEFAULT_TRACKING_PREFIX = 'track';
/** The mailbox part of a sender's address. */
export const SENDER_LOCAL_PART_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9._+-]{0,62}[A-Za-z0-9])?$/;

export const emailDomainField = z
  .string({ message: 'validation:emailDomainRequired' })
  .trim()
  .min(1, { message: 'validation:emailDomainRequired', abort: true })
  .max(253, 'validation:emailDomainInvalid')
  .regex(EMAIL_DOMAIN_PATTERN, 'validation:emailDomainInvalid')
  .transform((domain) => domain.toLowerCase());

export const trackingPrefixField = z
  .string()
  .trim()
  .regex(TRACKING_PREFIX_PATTERN, 'validation:trackingPrefixInvalid')
  .transform((prefix) => prefix.toLowerCase());

export const senderAliasField = z
  .string({ message: 'validation:senderAliasRequired' })
  .trim()
  .min(1, { message: 'validation:senderAliasRequired', abort: true })
  .max(64, 'validation:nameTooLong')
  .refine((alias) => !/[\r\n<>"]/.test(alias), 'validation:senderAliasInvalid');

export const senderLocalPartField = z
  .string({ message: 'validation:senderAddressRequired' })
  .trim()
  .min(1, { message: 'validation:senderAddressRequired', abort: true })
  .regex(SENDER_LOCAL_PART_PATTERN, 'validation:senderAddressInvalid')
  .refine((local) => !local.includes('..'), 'validation:senderAddressInvalid')
  .transform((local) => local.toLowerCase());

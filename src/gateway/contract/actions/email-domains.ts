import { z } from 'zod';
import { defineAction, emptyData, emptyInput } from './define';
import { emailField } from '../validators';
import {
  EMAIL_DNS_FAIL_REASONS,
  EMAIL_DNS_RECORD_KINDS,
  EMAIL_SENDER_STATUS,
  emailDomainField,
  senderAliasField,
  trackingPrefixField,
} from '../email-domains';

// E-mail sending domains and senders (issue 13 items 1-2; spec 001 §3-§5). The spec names no e-mail
// Actions: Herald names them in the spirit of the SMS ones (docs/decisions.md "E-mail domains and senders").

const domainIdField = z
  .string()
  .trim()
  .regex(/^ED[0-9A-Za-z]{6,40}$/, 'validation:invalid');
export const emailSenderIdField = z
  .string()
  .trim()
  .regex(/^ES[0-9A-Za-z]{6,40}$/, 'validation:invalid');

export const emailDnsRecordData = z.object({
  Kind: z.enum(EMAIL_DNS_RECORD_KINDS),
  /** TXT, MX or CNAME. */
  Type: z.string(),
  /** The host as a DNS panel asks for it ('@' for the domain itself). */
  Host: z.string(),
  /** The full name looked up. */
  Name: z.string(),
  /** The value needed. */
  Value: z.string(),
  /** The values found at the last check (of this record's kind). */
  Found: z.array(z.string()),
  /** EMAIL_DOMAIN_STATUS: 0 not checked yet, 1 passed, 2 failed. */
  Status: z.number(),
  Reason: z.enum(EMAIL_DNS_FAIL_REASONS),
  /** Whether the domain's verify status depends on it (the tracking CNAME does not). */
  Required: z.boolean(),
});
export type EmailDnsRecord = z.infer<typeof emailDnsRecordData>;

export const emailDomainData = z.object({
  DomainId: z.string(),
  Domain: z.string(),
  TrackingPrefix: z.string(),
  /** prefix.domain: the host of the open pixel and click links. */
  TrackingDomain: z.string(),
  DkimSelector: z.string(),
  /** EMAIL_DOMAIN_STATUS. */
  Status: z.number(),
  /** Failed after having passed: the domain cannot be edited (spec 001 §4). */
  VerifiedBefore: z.boolean(),
  Editable: z.boolean(),
  Records: z.array(emailDnsRecordData),
  CheckTime: z.number(),
  VerifyTime: z.number(),
  CreateTime: z.number(),
});
export type EmailDomain = z.infer<typeof emailDomainData>;

export const emailSenderData = z.object({
  SenderId: z.string(),
  DomainId: z.string(),
  Domain: z.string(),
  Alias: z.string(),
  Address: z.string(),
  /** EMAIL_SENDER_STATUS. */
  Status: z.number(),
  CreateTime: z.number(),
});
export type EmailSender = z.infer<typeof emailSenderData>;

export const emailDomainActions = {
  /** Adds a sending domain with a new DKIM key pair; answers the records to publish. */
  AddUEmailDomain: defineAction(
    'user',
    z.object({ Domain: emailDomainField, TrackingPrefix: trackingPrefixField.optional() }).strict(),
    emailDomainData,
  ),
  GetUEmailDomainList: defineAction('user', emptyInput, z.object({ Domains: z.array(emailDomainData) })),
  GetUEmailDomain: defineAction('user', z.object({ DomainId: domainIdField }).strict(), emailDomainData),
  /** Looks the records up now and moves the verify status. */
  VerifyUEmailDomain: defineAction('user', z.object({ DomainId: domainIdField }).strict(), emailDomainData),
  /** Changes the tracking prefix; refused for a domain that passed before and fails now. */
  UpdateUEmailDomain: defineAction(
    'user',
    z.object({ DomainId: domainIdField, TrackingPrefix: trackingPrefixField }).strict(),
    emailDomainData,
  ),
  /** Deletes the domain and its senders. */
  DeleteUEmailDomain: defineAction('user', z.object({ DomainId: domainIdField }).strict(), emptyData),
  /** A sender on a verified domain of the caller's; made enabled. */
  AddUEmailSender: defineAction(
    'user',
    z.object({ Alias: senderAliasField, Address: emailField.transform((a) => a.toLowerCase()) }).strict(),
    emailSenderData,
  ),
  GetUEmailSenderList: defineAction('user', emptyInput, z.object({ Senders: z.array(emailSenderData) })),
  UpdateUEmailSenderStatus: defineAction(
    'user',
    z
      .object({
        SenderId: emailSenderIdField,
        Status: z.union([z.literal(EMAIL_SENDER_STATUS.Disabled), z.literal(EMAIL_SENDER_STATUS.Enabled)]),
      })
      .strict(),
    emailSenderData,
  ),
  DeleteUEmailSender: defineAction('user', z.object({ SenderId: emailSenderIdField }).strict(), emptyData),
};

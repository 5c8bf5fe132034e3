import { and, asc, eq } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import type { Db } from '../db/database';
import { audienceContacts, emailDomains, emailSenders } from '../db/schema';
import { COUNTRIES, type Country } from '../../src/gateway/contract/countries';
import { EMAIL_DOMAIN_STATUS, EMAIL_SENDER_STATUS } from '../../src/gateway/contract/statuses';
import { EMAIL_PRICE } from '../../src/gateway/contract/actions/email-send';
import type { SendKind } from '../../src/gateway/contract/workflow/document';
import { smsTemplateUsable } from '../../src/machines/lifecycles/sms-template.machine';
import { emailTemplateUsable } from '../../src/machines/lifecycles/email-template.machine';
import { availableBalance, storeTask } from '../channels/create-task';
import { emailChannel } from '../channels/email';
import { smsChannel } from '../channels/sms';
import type { TaskRow } from '../channels/task-store';
import { ApiError } from '../errors';
import { emailTaskContent } from '../email/send-content';
import { ownedEmailTemplate } from '../email/templates';
import { smsPartsOf, storeSendTask } from '../sms/create-task';
import { isSupportedCountry, smsPrice } from '../sms/countries';
import { ownedTemplate } from '../sms/templates';

// A journey's send step (docs/decisions.md "Journey engine"): ONE message to the run's contact, as a
// one-recipient task on the channel kernel, stored in the step's own transaction (the step row claims
// (run, step) once, so the task is made once per visit). The kernel then parses, reviews, charges and sends it
// like any other task. A contact without an address of the channel or suppressed on it is skipped.

type Contact = typeof audienceContacts.$inferSelect;

export type SendOutcome = { outcome: 'done'; task: TaskRow } | { outcome: 'skipped' | 'failed'; reason: string };

const failed = (reason: string): SendOutcome => ({ outcome: 'failed', reason });
const skipped = (reason: string): SendOutcome => ({ outcome: 'skipped', reason });

/** The supported country whose calling code begins the E.164 number (the longest code wins). */
export function countryOfPhone(phone: string): Country | null {
  const digits = phone.replace(/\D/g, '');
  let best: Country | null = null;
  for (const country of COUNTRIES) {
    if (!digits.startsWith(country.PhonePrefix) || !isSupportedCountry(country.CountryCode)) continue;
    if (!best || country.PhonePrefix.length > best.PhonePrefix.length) best = country;
  }
  return best;
}

/** A refused template or sender is the step's failure reason (its RetCode), not a thrown job. */
async function reasonOf<T>(work: () => Promise<T>): Promise<T | string> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) return `retcode:${error.retCode}`;
    throw error;
  }
}

const taskName = (workflowName: string) => `Journey · ${workflowName}`.slice(0, 64);

interface SendStep {
  deps: ServerDeps;
  userId: number;
  workflowName: string;
  contact: Contact;
  templateId: string;
  now: Date;
}

/** The SMS step's template when a journey can send it, else why not (a simulation asks too). */
export async function smsStepTemplate(tx: Db, userId: number, templateId: string) {
  const template = await reasonOf(() => ownedTemplate(tx, userId, templateId));
  if (typeof template === 'string') return template;
  if (!smsTemplateUsable(template.status)) return 'templateNotUsable';
  if (template.variableCount > 0) return 'templateHasVariables';
  return template;
}

async function sendSms(tx: Db, step: SendStep): Promise<SendOutcome> {
  const { contact } = step;
  if (contact.suppressed.includes('sms')) return skipped('suppressed');
  const country = contact.phone ? countryOfPhone(contact.phone) : null;
  if (!contact.phone || !country) return skipped('noAddress');
  const template = await smsStepTemplate(tx, step.userId, step.templateId);
  if (typeof template === 'string') return failed(template);
  const parts = smsPartsOf(template.content, country)([]);
  if ((await availableBalance(tx, step.userId, smsChannel)) < parts * smsPrice(country))
    return failed('insufficientBalance');
  const task = await storeSendTask(tx, step.deps, step.userId, {
    name: taskName(step.workflowName),
    templateId: template.templateId,
    templateName: template.name,
    content: template.content,
    variableCount: 0,
    country,
    senderId: '',
    tags: [],
    projectId: '',
    sendType: 'immediate',
    sendAt: step.now,
    timeZone: 'UTC',
    trial: false,
    recipients: [{ address: contact.phone.replace(/\D/g, ''), params: null, segments: parts }],
    invalidCount: 0,
    duplicateCount: 0,
  });
  return { outcome: 'done', task };
}

/** The account's first enabled sender on a verified domain: a journey's e-mail goes out from it. */
async function firstUsableSender(tx: Db, userId: number) {
  const [row] = await tx
    .select({ senderId: emailSenders.senderId })
    .from(emailSenders)
    .innerJoin(emailDomains, eq(emailDomains.domainId, emailSenders.domainId))
    .where(
      and(
        eq(emailSenders.userId, userId),
        eq(emailSenders.status, EMAIL_SENDER_STATUS.Enabled),
        eq(emailDomains.status, EMAIL_DOMAIN_STATUS.Passed),
      ),
    )
    .orderBy(asc(emailSenders.id))
    .limit(1);
  return row ?? null;
}

/** The e-mail step's template, content and sender when a journey can send it, else why not. */
export async function emailStepParts(tx: Db, userId: number, templateId: string) {
  const template = await reasonOf(() => ownedEmailTemplate(tx, userId, templateId));
  if (typeof template === 'string') return template;
  if (!emailTemplateUsable(template.status)) return 'templateNotUsable';
  const content = emailTaskContent(template);
  if (content.variables.length > 0) return 'templateHasVariables';
  const sender = await firstUsableSender(tx, userId);
  if (!sender) return 'noSender';
  return { template, content, sender };
}

async function sendEmail(tx: Db, step: SendStep): Promise<SendOutcome> {
  const { contact } = step;
  if (contact.suppressed.includes('email')) return skipped('suppressed');
  if (!contact.email) return skipped('noAddress');
  const parts = await emailStepParts(tx, step.userId, step.templateId);
  if (typeof parts === 'string') return failed(parts);
  const { template, content, sender } = parts;
  if ((await availableBalance(tx, step.userId, emailChannel)) < EMAIL_PRICE) return failed('insufficientBalance');
  const task = await storeTask(
    tx,
    emailChannel,
    step.userId,
    {
      name: taskName(step.workflowName),
      templateId: template.templateId,
      templateName: template.name,
      content: JSON.stringify(content),
      variableCount: 0,
      countryCode: '',
      phonePrefix: '',
      senderId: sender.senderId,
      tags: [],
      projectId: '',
      sendType: 'immediate',
      sendAt: step.now,
      timeZone: 'UTC',
      trial: false,
      price: EMAIL_PRICE,
      recipients: [{ address: contact.email.toLowerCase(), params: null, segments: 1 }],
      invalidCount: 0,
      duplicateCount: 0,
    },
    { groupSize: step.deps.smsSettings.groupSize, now: step.now },
  );
  return { outcome: 'done', task };
}

/** Sends the step's one message; MMS steps are not sent by journeys yet (the step fails, said why). */
export async function sendJourneyMessage(tx: Db, kind: SendKind, step: SendStep): Promise<SendOutcome> {
  if (kind === 'sms') return sendSms(tx, step);
  if (kind === 'email') return sendEmail(tx, step);
  return failed('channelNotInJourneys');
}

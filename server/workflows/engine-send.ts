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
import { mmsChannel } from '../channels/mms';
import { smsChannel } from '../channels/sms';
import type { ChannelDescription } from '../channels/channel';
import type { TaskRow } from '../channels/task-store';
import { ApiError } from '../errors';
import { emailTaskContent, type EmailTaskContent } from '../email/send-content';
import type { EmailTemplateRow } from '../email/templates';
import { ownedEmailTemplate } from '../email/templates';
import { footerParts } from '../email/footer';
import { smsPartsOf, storeSendTask } from '../sms/create-task';
import { isSupportedCountry, smsPrice } from '../sms/countries';
import { ownedTemplate, type SmsTemplateRow } from '../sms/templates';
import { mmsTaskContent, ownedMmsTemplate } from '../mms/templates';
import { mmsPrice } from '../mms/price';

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

/** What every journey task has: one message, now, named after the journey, no tags, no project. */
const oneMessageNow = (step: SendStep) => ({
  name: taskName(step.workflowName),
  variableCount: 0,
  tags: [],
  projectId: '',
  sendType: 'immediate' as const,
  sendAt: step.now,
  timeZone: 'UTC',
  trial: false,
  invalidCount: 0,
  duplicateCount: 0,
});

interface SendStep {
  deps: ServerDeps;
  userId: number;
  workflowName: string;
  contact: Contact;
  templateId: string;
  now: Date;
}

/** A phone channel a journey step sends on: SMS (priced by parts) or MMS (one unit per message). */
export interface PhoneStepChannel {
  channel: ChannelDescription;
  owned: (tx: Db, userId: number, templateId: string) => Promise<SmsTemplateRow>;
  /** What the task stores as its content. */
  content: (template: SmsTemplateRow) => string;
  /** Parts of one message to a number of the country. */
  parts: (template: SmsTemplateRow, country: Country) => number;
  /** Price of one part to the country. */
  price: (country: Country) => number;
}

export const PHONE_STEP_CHANNELS = {
  sms: {
    channel: smsChannel,
    owned: (tx, userId, templateId) => ownedTemplate(tx, userId, templateId),
    content: (template) => template.content,
    parts: (template, country) => smsPartsOf(template.content, country)([]),
    price: smsPrice,
  },
  mms: {
    channel: mmsChannel,
    owned: ownedMmsTemplate,
    content: mmsTaskContent,
    parts: () => mmsChannel.parts('', ''),
    price: mmsPrice,
  },
} as const satisfies Record<'sms' | 'mms', PhoneStepChannel>;

/** The SMS or MMS step's template when a journey can send it, else why not (a simulation asks too). */
export async function phoneStepTemplate(tx: Db, kind: 'sms' | 'mms', userId: number, templateId: string) {
  const template = await reasonOf(() => PHONE_STEP_CHANNELS[kind].owned(tx, userId, templateId));
  if (typeof template === 'string') return template;
  if (!smsTemplateUsable(template.status)) return 'templateNotUsable';
  if (template.variableCount > 0) return 'templateHasVariables';
  return template;
}

async function sendPhone(tx: Db, kind: 'sms' | 'mms', step: SendStep): Promise<SendOutcome> {
  const { contact } = step;
  const phone = PHONE_STEP_CHANNELS[kind];
  if (contact.suppressed.includes(kind)) return skipped('suppressed');
  const country = contact.phone ? countryOfPhone(contact.phone) : null;
  if (!contact.phone || !country) return skipped('noAddress');
  const template = await phoneStepTemplate(tx, kind, step.userId, step.templateId);
  if (typeof template === 'string') return failed(template);
  const parts = phone.parts(template, country);
  const price = phone.price(country);
  if ((await availableBalance(tx, step.userId, phone.channel)) < parts * price) return failed('insufficientBalance');
  const task = await storeSendTask(
    tx,
    step.deps,
    step.userId,
    {
      ...oneMessageNow(step),
      templateId: template.templateId,
      templateName: template.name,
      content: phone.content(template),
      country,
      price,
      senderId: '',
      recipients: [{ address: contact.phone.replace(/\D/g, ''), params: null, segments: parts }],
    },
    phone.channel,
  );
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

/**
 * emailTaskContent is a pure function of the template's fields, and its tracked HTML is made with a DOM
 * (jsdom: ~5 ms a template). A journey sends the same template to every contact, so the content is made
 * once per template text (keyed by every field it reads and the account's footer, so an edited template or footer is made anew), not per step.
 */
const madeContents = new Map<string, EmailTaskContent>();
type Footer = NonNullable<Parameters<typeof emailTaskContent>[1]>;
const MADE_CONTENTS_KEPT = 32;

function journeyEmailContent(template: EmailTemplateRow, footer?: Footer | null): EmailTaskContent {
  const key = JSON.stringify([
    footer?.html ?? null,
    footer?.text ?? null,
    template.subject,
    template.previewText,
    template.html,
    template.textPart,
    template.emailType,
    template.mergeTags,
  ]);
  let content = madeContents.get(key);
  if (!content) {
    content = emailTaskContent(template, footer);
    if (madeContents.size >= MADE_CONTENTS_KEPT) madeContents.clear();
    madeContents.set(key, content);
  }
  return content;
}

/** The e-mail step's template, content and sender when a journey can send it, else why not. */
export async function emailStepParts(tx: Db, userId: number, templateId: string) {
  const template = await reasonOf(() => ownedEmailTemplate(tx, userId, templateId));
  if (typeof template === 'string') return template;
  if (!emailTemplateUsable(template.status)) return 'templateNotUsable';
  const content = journeyEmailContent(template);
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
  const { template, sender } = parts;
  if ((await availableBalance(tx, step.userId, emailChannel)) < EMAIL_PRICE) return failed('insufficientBalance');
  // the account's footer (logo and address line), as on a task from the console (server/email/footer.ts)
  const footer = await footerParts(tx, step.userId, step.deps.config.publicUrl ?? 'http://localhost');
  const content = journeyEmailContent(template, footer);
  const task = await storeTask(
    tx,
    emailChannel,
    step.userId,
    {
      ...oneMessageNow(step),
      templateId: template.templateId,
      templateName: template.name,
      content: JSON.stringify(content),
      countryCode: '',
      phonePrefix: '',
      senderId: sender.senderId,
      price: EMAIL_PRICE,
      recipients: [{ address: contact.email.toLowerCase(), params: null, segments: 1 }],
    },
    { groupSize: step.deps.smsSettings.groupSize, now: step.now },
  );
  return { outcome: 'done', task };
}

/** Sends the step's one message on its channel. */
export async function sendJourneyMessage(tx: Db, kind: SendKind, step: SendStep): Promise<SendOutcome> {
  return kind === 'email' ? sendEmail(tx, step) : sendPhone(tx, kind, step);
}

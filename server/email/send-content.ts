import { escapeUTF8 } from 'entities';
import { MERGE_TAG } from '../../src/gateway/contract/email/template-rules';
import { EMAIL_SEND_FILLED_TAGS } from '../../src/gateway/contract/actions/email-send';
import type { EmailTemplateRow } from './templates';
import { trackableHtml } from './track-links';
import { withFooter } from './footer';

// What an e-mail task stores as its content (channel_tasks.content, JSON) and how one recipient's mail
// is made from it (docs/decisions.md "E-mail sending"). The task's variables are the template's merge
// tags other than those the send fills itself ({{Email}}, {{UnsubscribeUrl}}), in template order; a
// recipient's values come in that order, like an SMS task's {{1}}, {{2}}, so the kernel's rows,
// list mapping and review work unchanged.

/** Merge tags filled for every recipient at send time (the contract's, the console counts with them). */
export const SEND_FILLED_TAGS = EMAIL_SEND_FILLED_TAGS;

export interface EmailTaskContent {
  subject: string;
  previewText: string;
  html: string;
  text: string;
  /** Spec 000 §3 e-mail type: 3 (market) carries a one-click List-Unsubscribe. */
  emailType: number;
  /** The variables, in the order of each recipient's values. */
  variables: string[];
  /** The tracked links (docs/decisions.md "E-mail tracking"); absent on tasks stored before tracking. */
  links?: string[];
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** The task's content: the template, with the account's footer (footer.ts) at the end when it has one. */
export function emailTaskContent(
  template: EmailTemplateRow,
  footer?: { html: string; text: string } | null,
): EmailTaskContent {
  const filled: readonly string[] = SEND_FILLED_TAGS;
  const tracked = trackableHtml(footer ? withFooter(template.html, footer.html) : template.html);
  return {
    subject: template.subject,
    previewText: template.previewText,
    html: tracked.html,
    links: tracked.links,
    text: footer?.text ? `${template.textPart}\n\n${footer.text}` : template.textPart,
    emailType: template.emailType,
    variables: template.mergeTags.filter((tag) => !filled.includes(tag)),
  };
}

export const parseEmailContent = (content: string): EmailTaskContent => JSON.parse(content) as EmailTaskContent;

function fill(text: string, values: Record<string, string>, escape: (value: string) => string): string {
  return text.replace(MERGE_TAG, (tag, name: string) => (name in values ? escape(values[name]) : tag));
}

/** A hidden preheader: the preview text mail clients show next to the subject. */
const preheader = (text: string) =>
  text ? `<div style="display:none;max-height:0;overflow:hidden">${escapeUTF8(text)}</div>` : '';

/** The task's content with one recipient's values (HTML-escaped in the HTML part); send-time tags stay. */
export function renderEmail(content: string, params: string[]): string {
  const task = parseEmailContent(content);
  const values = Object.fromEntries(task.variables.map((name, i) => [name, params[i] ?? '']));
  const rendered: RenderedEmail = {
    subject: fill(task.subject, values, (v) => v),
    html: preheader(fill(task.previewText, values, (v) => v)) + fill(task.html, values, escapeUTF8),
    text: fill(task.text, values, (v) => v),
  };
  return JSON.stringify(rendered);
}

/**
 * Fills the send-time tags of a rendered mail: the recipient's address, the unsubscribe link and the
 * tracking URLs (trackingValues of track-links.ts).
 */
export function finishEmail(
  body: string,
  address: string,
  unsubscribeUrl: string,
  tracking: Record<string, string> = {},
): RenderedEmail {
  const rendered = JSON.parse(body) as RenderedEmail;
  const values = { ...tracking, Email: address, UnsubscribeUrl: unsubscribeUrl };
  return {
    subject: fill(rendered.subject, values, (v) => v),
    html: fill(rendered.html, values, escapeUTF8),
    text: fill(rendered.text, values, (v) => v),
  };
}

/** The text a content reviewer reads: subject, preview text and text part. */
export function reviewableText(content: string): string {
  const task = parseEmailContent(content);
  return [task.subject, task.previewText, task.text].filter(Boolean).join('\n');
}

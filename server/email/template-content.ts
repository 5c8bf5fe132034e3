import { convert } from 'html-to-text';
import type { Db } from '../db/database';
import { fieldError } from '../errors';
import { listAttributes } from '../audience/attributes';
import {
  EMAIL_TEMPLATE_LIMITS,
  hasBrokenMergeTag,
  mergeTags,
  SYSTEM_MERGE_TAGS,
} from '../../src/gateway/contract/email/template-rules';
import { sanitizeEmailHtml } from './sanitize-html';

// What a template's HTML becomes before it is stored: sanitised, with a text part generated from it
// (html-to-text) and the merge tags it uses, each a contact field or one of the account's attributes.

export interface PreparedContent {
  html: string;
  text: string;
  mergeTags: string[];
}

/** The text part of an e-mail: links as "text [url]", images dropped, lines wrapped at 78. */
export function textPart(html: string): string {
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  }).trim();
}

/** Sanitises the HTML; a script tag, an unclosed merge tag or a too large result is a field error. */
export function prepareHtml(input: string): PreparedContent {
  const { html, hadScript } = sanitizeEmailHtml(input);
  if (hadScript) throw fieldError('Html', 'validation:emailScript');
  if (hasBrokenMergeTag(html)) throw fieldError('Html', 'validation:emailMergeTagUnclosed');
  if (html.length > EMAIL_TEMPLATE_LIMITS.htmlMaxChars) throw fieldError('Html', 'validation:emailContentTooLarge');
  const text = textPart(html);
  return { html, text, mergeTags: mergeTags(html) };
}

/** The merge tags an account may use: the contact fields and its custom attributes. */
export async function knownMergeTags(db: Db, userId: number): Promise<Set<string>> {
  const attributes = await listAttributes(db, userId);
  return new Set<string>([...SYSTEM_MERGE_TAGS, ...attributes.map((a) => a.name)]);
}

/** Refuses a merge tag that names no contact field or attribute of the account, by field. */
export async function checkMergeTags(
  db: Db,
  userId: number,
  parts: { field: string; text: string }[],
): Promise<string[]> {
  const known = await knownMergeTags(db, userId);
  const used: string[] = [];
  for (const part of parts) {
    for (const tag of mergeTags(part.text)) {
      if (!known.has(tag)) throw fieldError(part.field, 'validation:emailMergeTagUnknown');
      if (!used.includes(tag)) used.push(tag);
    }
  }
  return used;
}

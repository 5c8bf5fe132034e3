import { SMS_TEMPLATE_PURPOSE } from '../../src/gateway/contract/sms-constants';
import { templateVariables } from '../../src/gateway/contract/sms-template';
import type { Lang } from '../messages';

// The sandbox template reviewer (docs/decisions.md, "SMS"). It rejects, with a reason:
// - content with words carriers block (gambling, loans, crypto …, in English or Chinese);
// - link shorteners, which carriers filter as phishing;
// - a marketing template without an opt-out (STOP, unsubscribe, 退订);
// - a verification-code template without a variable for the code.
// Everything else passes.

export const BLOCKED_WORDS = [
  'casino',
  'gambling',
  'gamble',
  'betting',
  'lottery',
  'loan',
  'crypto',
  'bitcoin',
  '赌',
  '博彩',
  '贷款',
  '彩票',
];
export const SHORTENER = /\b(bit\.ly|tinyurl\.com|t\.co|goo\.gl|is\.gd|ow\.ly|cutt\.ly)\//i;
const OPT_OUT = /\b(stop|unsubscribe|opt[- ]?out)\b|退订|回复\s*TD/i;

export type ReviewDecision = { pass: true } | { pass: false; reason: string };

/** The first of `words` the text mentions (a Latin word at a word start, other scripts anywhere). */
export function mentionedWord(text: string, words: readonly string[]): string | undefined {
  const lower = text.toLowerCase();
  return words.find((w) => (/^[a-z]+$/.test(w) ? wordStart(w).test(lower) : lower.includes(w)));
}

const wordStarts = new Map<string, RegExp>();
/** Compiled once per word: a task review may test 100,000 variable values. */
function wordStart(word: string): RegExp {
  let pattern = wordStarts.get(word);
  if (!pattern) wordStarts.set(word, (pattern = new RegExp(`\\b${word}`, 'i')));
  return pattern;
}

export function reviewTemplateContent(content: string, purpose: number): ReviewDecision {
  const word = mentionedWord(content, BLOCKED_WORDS);
  if (word) return { pass: false, reason: `blockedWord:${word}` };
  if (SHORTENER.test(content)) return { pass: false, reason: 'shortener' };
  if (purpose === SMS_TEMPLATE_PURPOSE.Marketing && !OPT_OUT.test(content)) return { pass: false, reason: 'optOut' };
  if (purpose === SMS_TEMPLATE_PURPOSE.VerificationCode && templateVariables(content).length === 0)
    return { pass: false, reason: 'codeVariable' };
  return { pass: true };
}

const REASONS: Record<string, Record<Lang, string>> = {
  blockedWord: {
    en: 'The content mentions "{{word}}", which carriers block. Remove it and resubmit.',
    zh: '内容包含运营商禁止的词语“{{word}}”，请删除后重新提交。',
  },
  shortener: {
    en: 'Link shorteners are filtered by carriers. Use your own domain and resubmit.',
    zh: '运营商会拦截短链接服务，请使用您自己的域名后重新提交。',
  },
  optOut: {
    en: 'A marketing message needs an opt-out, such as "Reply STOP to unsubscribe". Add one and resubmit.',
    zh: '营销短信需要包含退订方式，例如“回复 TD 退订”。请添加后重新提交。',
  },
  manualWord: {
    en: 'The content mentions "{{word}}": a person checks such messages before they are sent.',
    zh: '内容包含“{{word}}”：此类短信需人工审核后才能发送。',
  },
  codeVariable: {
    en: 'A verification-code template needs a variable for the code, such as {{1}}. Add one and resubmit.',
    zh: '验证码模板需要用变量（如 {{1}}）表示验证码，请添加后重新提交。',
  },
};

export function reviewReasonText(reason: string, lang: Lang): string {
  if (!reason) return '';
  const [key, word = ''] = reason.split(':', 2);
  const template = REASONS[key]?.[lang] ?? reason;
  return template.replace('{{word}}', word);
}

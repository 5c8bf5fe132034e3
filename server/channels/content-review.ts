import { BLOCKED_WORDS, mentionedWord, SHORTENER } from '../sms/review-rules';
import type { ContentVerdict } from './channel';

// The sandbox content reviewer of a task (docs/decisions.md "Channel kernel"). A task's template has
// passed its own review, so this looks at what the template review could not see: the recipients'
// variable values, and words a person should read before a send goes out.
// - rejected: a blocked word (the template rules' list) or a link shortener in the content or a value;
// - pending manual review: a prize-style word (MANUAL_REVIEW_WORDS) in the content or a value;
// - everything else passes at once.

export const MANUAL_REVIEW_WORDS = ['prize', 'winner', 'jackpot', '中奖', '领奖'] as const;

export function reviewTextContent(content: string, values: string[]): ContentVerdict {
  const texts = [content, ...values];
  for (const text of texts) {
    const blocked = mentionedWord(text, BLOCKED_WORDS);
    if (blocked) return { verdict: 'reject', reason: `blockedWord:${blocked}` };
    if (SHORTENER.test(text)) return { verdict: 'reject', reason: 'shortener' };
  }
  for (const text of texts) {
    const flagged = mentionedWord(text, MANUAL_REVIEW_WORDS);
    if (flagged) return { verdict: 'flag', reason: `manualWord:${flagged}` };
  }
  return { verdict: 'pass' };
}

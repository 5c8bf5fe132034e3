import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INBOX_LIMITS, INBOX_STATUS, inboxWindowDays, replyRefusal } from './inbox';

const HOUR = 3_600_000;
const at = (typeCode: number, ageMs: number, status: number = INBOX_STATUS.Unread) => ({
  message: { typeCode, receivedAtMs: 1_800_000_000_000 - ageMs, status },
  now: 1_800_000_000_000,
});

describe('reply windows', () => {
  it('refuses Facebook and Instagram private messages and WhatsApp messages from 24 hours on, X and YouTube comments from 7 days, and nothing else', () => {
    const dayRule: Record<number, string> = { 14: 'facebookWindow', 23: 'instagramWindow', 80: 'whatsappWindow' };
    fc.assert(
      fc.property(
        fc.constantFrom(12, 14, 23, 24, 31, 41, 51, 61, 70, 71, 80),
        fc.integer({ min: 0, max: 60 * 24 * HOUR }),
        (code, age) => {
          const { message, now } = at(code, age);
          const late = age >= INBOX_LIMITS.replyWindowMs;
          const pastWeek = age >= 7 * 24 * HOUR;
          const expected =
            late && dayRule[code] ? dayRule[code] : pastWeek && (code === 41 || code === 51) ? 'commentTooOld' : null;
          expect(replyRefusal(message, now)).toBe(expected);
        },
      ),
    );
  });

  it('counts the window in absolute time, whatever the time zone of either side', () => {
    const { message, now } = at(80, 24 * HOUR - 1);
    expect(replyRefusal(message, now)).toBeNull();
    expect(replyRefusal(message, now + 1)).toBe('whatsappWindow');
  });

  it('answers nothing from the archive', () => {
    const { message, now } = at(71, 0, INBOX_STATUS.Archived);
    expect(replyRefusal(message, now)).toBe('archived');
  });

  it('shows X and YouTube comments for 7 days, the rest for 30', () => {
    expect([41, 51, 12, 71, 80].map(inboxWindowDays)).toEqual([7, 7, 30, 30, 30]);
  });
});

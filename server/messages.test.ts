import { describe, expect, it } from 'vitest';
import { translate } from './messages';

// The server's texts follow the console's i18next: a numeric count picks the language's plural form.
describe('translate', () => {
  it('picks the plural form by count, in each language', () => {
    expect(translate('mail:noticePlanExpiryTitle', 'en', { plan: 'Pro', count: 1 })).toBe(
      'Your plan Pro ends in 1 day',
    );
    expect(translate('mail:noticePlanExpiryTitle', 'en', { plan: 'Pro', count: 3 })).toBe(
      'Your plan Pro ends in 3 days',
    );
    expect(translate('mail:noticePlanExpiryTitle', 'zh', { plan: 'Pro', count: 1 })).toBe(
      '您的套餐 Pro 将在 1 天后到期',
    );
  });

  it('reads a key without plural forms as before, and an unknown key as itself', () => {
    expect(translate('mail:noticePlanExpiryBody', 'en', { date: '2026-12-01', count: 2 })).toContain('2026-12-01');
    expect(translate('mail:noSuchKey', 'en')).toBe('mail:noSuchKey');
  });
});

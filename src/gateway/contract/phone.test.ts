import { describe, expect, it } from 'vitest';
import { signUpActions as accountActions } from './actions/sign-up';
import { phoneFitsCountry } from './phone-country';

describe('a number must fit its country (issue 18 §5)', () => {
  it.each([
    ['12345', 'US', '1', false],
    ['+1 12345', 'US', '1', false],
    ['1234567890', 'US', '1', false],
    ['2025550101', 'US', '1', true],
    ['14155550199', 'US', '1', true],
    ['+1 (202) 555-0101', 'US', '1', true],
    ['13800138000', 'CN', '86', true],
    ['1380', 'CN', '86', false],
    ['+44 20 7946 0958', 'US', '1', false],
    // a country libphonenumber has no rule for keeps the 4-15 digit rule
    ['12345', 'AQ', '672', true],
  ])('%s in %s: %s', (phone, country, prefix, expected) => {
    expect(phoneFitsCountry(phone, country, prefix)).toBe(expected);
  });

  it('sign-up refuses it in the console and the server before a code is sent', () => {
    const parsed = accountActions.SendRegisterPhoneCodeV1.input.safeParse({ Phone: '12345', Country: 'US' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['Phone', 'validation:phoneNotForCountry'],
    ]);
    expect(accountActions.SendRegisterPhoneCodeV1.input.safeParse({ Phone: '2025550101', Country: 'US' }).success).toBe(
      true,
    );
  });
});

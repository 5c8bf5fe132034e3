import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { MINUTE_MS, HOUR_MS } from '../../clock';
import {
  createTestServer,
  freshPhone,
  GOOD_PASSWORD,
  lastMailedKey,
  lastPhoneCode,
  registerAccount,
  type TestServer,
} from '../../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 120_000);
afterAll(() => server.close());

const fieldsOf = (data: unknown) => (data as { Fields: { Field: string; Key: string }[] }).Fields;

async function sendCode(phone: string): Promise<string> {
  expect((await server.api('SendRegisterPhoneCodeV1', { Phone: phone, Country: 'US' })).RetCode).toBe(0);
  return lastPhoneCode(server, phone);
}

const signUp = (input: Record<string, unknown>) =>
  server.api<{ AdminUserID: number }>('RegisterAdminUser', {
    Password: GOOD_PASSWORD,
    ConfirmPassword: GOOD_PASSWORD,
    Country: 'US',
    Agree: true,
    ...input,
  });

describe('SendRegisterPhoneCodeV1', () => {
  it('texts a 6-digit code and refuses a resend for 60 s of server time', async () => {
    const phone = freshPhone();
    const first = await server.api('SendRegisterPhoneCodeV1', { Phone: phone, Country: 'US' });
    expect(first).toMatchObject({ RetCode: 0, Data: { ResendAfterSeconds: 60 } });
    expect(await lastPhoneCode(server, phone)).toMatch(/^\d{6}$/);

    server.clock.advance(20_000);
    const early = await server.api('SendRegisterPhoneCodeV1', { Phone: phone, Country: 'US' });
    expect(early.RetCode).toBe(RetCode.ResendTooSoon);
    expect(early.Data).toEqual({ ResendAfterSeconds: 40 });
    expect(early.Message).toContain('40');

    server.clock.advance(40_000);
    expect((await server.api('SendRegisterPhoneCodeV1', { Phone: phone, Country: 'US' })).RetCode).toBe(0);
  });

  it('refuses a phone that is not digits only, up to 15, and a missing country', async () => {
    for (const Phone of ['', '+14155550100', '1234567890123456', '12 34']) {
      expect((await server.api('SendRegisterPhoneCodeV1', { Phone, Country: 'US' })).RetCode).toBe(
        RetCode.ValidationError,
      );
    }
    const noCountry = await server.api('SendRegisterPhoneCodeV1', { Phone: freshPhone(), Country: '' });
    expect(fieldsOf(noCountry.Data)).toEqual([{ Field: 'Country', Key: 'validation:countryRequired' }]);
  });
});

describe('RegisterAdminUser', () => {
  it('creates an inactive account and mails an activation link', async () => {
    const phone = freshPhone();
    const reply = await signUp({
      Email: 'New.Owner@example.com',
      Phone: phone,
      PhoneCode: await sendCode(phone),
      EnName: 'Owner',
    });
    expect(reply.RetCode).toBe(0);
    expect(reply.Data.AdminUserID).toBeGreaterThan(0);
    expect(await lastMailedKey(server, 'new.owner@example.com')).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const signIn = await server.api('LoginByPassword', { Email: 'new.owner@example.com', Password: GOOD_PASSWORD });
    expect(signIn.RetCode).toBe(RetCode.NotActivated);
  });

  it.each([
    ['Email', { Email: 'not-an-email' }, 'validation:emailInvalid'],
    ['Email', { Email: 'a@b' }, 'validation:emailInvalid'],
    ['Password', { Password: 'Ab1', ConfirmPassword: 'Ab1' }, 'validation:passwordLength'],
    [
      'Password',
      { Password: 'Abcdefghij1234567890x', ConfirmPassword: 'Abcdefghij1234567890x' },
      'validation:passwordLength',
    ],
    ['Password', { Password: 'onlylowercase', ConfirmPassword: 'onlylowercase' }, 'validation:passwordKinds'],
    ['Password', { Password: 'Password123', ConfirmPassword: 'Password123' }, 'validation:passwordCommon'],
    ['ConfirmPassword', { ConfirmPassword: 'Sunny-day-43' }, 'validation:passwordMismatch'],
    ['Phone', { Phone: '415-555-0100' }, 'validation:phoneInvalid'],
    ['Country', { Country: 'usa' }, 'validation:countryRequired'],
    ['PhoneCode', { PhoneCode: '12345' }, 'validation:codeInvalid'],
    ['Agree', { Agree: false }, 'validation:agreeRequired'],
    ['EnName', { EnName: 'Bob; DROP' }, 'validation:forbiddenCharacters'],
  ])('refuses a bad %s (%j)', async (field, bad, key) => {
    const reply = await signUp({ Email: 'rules@example.com', Phone: '14155550199', PhoneCode: '123456', ...bad });
    expect(reply.RetCode).toBe(RetCode.ValidationError);
    expect(fieldsOf(reply.Data)).toContainEqual({ Field: field, Key: key });
  });

  it('refuses a missing Agree', async () => {
    const { Agree: _omitted, ...rest } = {
      Email: 'agree@example.com',
      Password: GOOD_PASSWORD,
      Phone: '1',
      PhoneCode: '123456',
      Country: 'US',
      Agree: true,
    };
    const reply = await server.api('RegisterAdminUser', rest);
    expect(fieldsOf(reply.Data)).toContainEqual({ Field: 'Agree', Key: 'validation:agreeRequired' });
  });

  it('refuses a wrong code (231002), and after 5 wrong tries even the right one (214412)', async () => {
    const phone = freshPhone();
    const code = await sendCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await signUp({ Email: 'tries@example.com', Phone: phone, PhoneCode: wrong })).RetCode).toBe(
        RetCode.PhoneCodeInvalid,
      );
    }
    expect((await signUp({ Email: 'tries@example.com', Phone: phone, PhoneCode: code })).RetCode).toBe(
      RetCode.SignupCodeExpired,
    );
  });

  it('refuses a code sent to another phone', async () => {
    const phone = freshPhone();
    const code = await sendCode(phone);
    expect((await signUp({ Email: 'other@example.com', Phone: freshPhone(), PhoneCode: code })).RetCode).toBe(
      RetCode.PhoneCodeInvalid,
    );
  });

  it('refuses a code after 5 minutes (214412)', async () => {
    const phone = freshPhone();
    const code = await sendCode(phone);
    server.clock.advance(5 * MINUTE_MS);
    expect((await signUp({ Email: 'late@example.com', Phone: phone, PhoneCode: code })).RetCode).toBe(
      RetCode.SignupCodeExpired,
    );
  });

  it('accepts a code just inside 5 minutes, once', async () => {
    const phone = freshPhone();
    const code = await sendCode(phone);
    server.clock.advance(5 * MINUTE_MS - 2_000);
    expect((await signUp({ Email: 'intime@example.com', Phone: phone, PhoneCode: code })).RetCode).toBe(0);
    expect((await signUp({ Email: 'again@example.com', Phone: phone, PhoneCode: code })).RetCode).toBe(
      RetCode.PhoneCodeInvalid,
    );
  });

  it('refuses an e-mail that already has an account, whatever its case (214411)', async () => {
    for (const Email of ['demo@herald.local', 'DEMO@Herald.local']) {
      const phone = freshPhone();
      expect((await signUp({ Email, Phone: phone, PhoneCode: await sendCode(phone) })).RetCode).toBe(
        RetCode.UserExists,
      );
    }
  });
});

describe('SendActivateEmail', () => {
  it('answers 214407 for an unknown e-mail and 214418 for an active account', async () => {
    expect((await server.api('SendActivateEmail', { Email: 'nobody@example.com' })).RetCode).toBe(RetCode.UserNotExist);
    expect((await server.api('SendActivateEmail', { Email: 'demo@herald.local' })).RetCode).toBe(
      RetCode.AlreadyActivated,
    );
  });

  it('resends after 60 s, and the newest link works', async () => {
    await registerAccount(server, 'resend@example.com', { activate: false });
    const firstKey = await lastMailedKey(server, 'resend@example.com');
    const early = await server.api('SendActivateEmail', { Email: 'resend@example.com' });
    expect(early.RetCode).toBe(RetCode.ResendTooSoon);
    expect((early.Data as { ResendAfterSeconds: number }).ResendAfterSeconds).toBeGreaterThan(55);
    server.clock.advance(60_000);
    expect((await server.api('SendActivateEmail', { Email: 'Resend@Example.com' })).RetCode).toBe(0);
    const secondKey = await lastMailedKey(server, 'resend@example.com');
    expect(secondKey).not.toBe(firstKey);
    expect((await server.api('ActivateAdminUser', { Key: secondKey })).RetCode).toBe(0);
  });
});

describe('ActivateAdminUser', () => {
  it('activates once; the used link then says already active', async () => {
    await registerAccount(server, 'activate@example.com', { activate: false });
    const key = await lastMailedKey(server, 'activate@example.com');
    expect(await server.api('ActivateAdminUser', { Key: key })).toMatchObject({
      RetCode: 0,
      Data: { Email: 'activate@example.com' },
    });
    expect(
      (await server.api('LoginByPassword', { Email: 'activate@example.com', Password: GOOD_PASSWORD })).RetCode,
    ).toBe(0);
    expect((await server.api('ActivateAdminUser', { Key: key })).RetCode).toBe(RetCode.AlreadyActivated);
    expect((await server.api('SendActivateEmail', { Email: 'activate@example.com' })).RetCode).toBe(
      RetCode.AlreadyActivated,
    );
  });

  it('refuses an unknown key (231004) and a malformed one (validation)', async () => {
    expect((await server.api('ActivateAdminUser', { Key: 'A'.repeat(32) })).RetCode).toBe(RetCode.ActivationKeyInvalid);
    expect((await server.api('ActivateAdminUser', { Key: 'short' })).RetCode).toBe(RetCode.ValidationError);
  });

  it('refuses a link after 24 hours (231005)', async () => {
    await registerAccount(server, 'expired@example.com', { activate: false });
    const key = await lastMailedKey(server, 'expired@example.com');
    server.clock.advance(24 * HOUR_MS);
    expect((await server.api('ActivateAdminUser', { Key: key })).RetCode).toBe(RetCode.ActivationKeyExpired);
    expect(
      (await server.api('LoginByPassword', { Email: 'expired@example.com', Password: GOOD_PASSWORD })).RetCode,
    ).toBe(RetCode.NotActivated);
  });

  it('does not take a password-reset key', async () => {
    await registerAccount(server, 'crossed@example.com');
    expect((await server.api('SendResetPasswordEmail', { Email: 'crossed@example.com' })).RetCode).toBe(0);
    const resetKey = await lastMailedKey(server, 'crossed@example.com');
    expect((await server.api('ActivateAdminUser', { Key: resetKey })).RetCode).toBe(RetCode.ActivationKeyInvalid);
  });
});

describe('concurrent use of one phone code', () => {
  it('registers only one account', async () => {
    const phone = freshPhone();
    const code = await sendCode(phone);
    const replies = await Promise.all(
      ['race1@example.com', 'race2@example.com', 'race3@example.com'].map((Email) =>
        signUp({ Email, Phone: phone, PhoneCode: code }),
      ),
    );
    expect(replies.map((r) => r.RetCode).filter((c) => c === 0)).toHaveLength(1);
  });
});

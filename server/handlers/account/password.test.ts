import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { MINUTE_MS } from '../../clock';
import {
  createTestServer,
  GOOD_PASSWORD,
  lastMailedKey,
  lastMessageTo,
  registerAccount,
  type TestServer,
} from '../../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 120_000);
afterAll(() => server.close());

const signIn = (Email: string, Password: string) =>
  server.api<{ AccessToken: string; RefreshToken: string }>('LoginByPassword', { Email, Password });
const userInfo = (token: string) => server.api('GetUserInfo', {}, { token });

describe('SendResetPasswordEmail and ResetPassword', () => {
  it('mails a reset link that sets a new password once and ends every session', async () => {
    await registerAccount(server, 'reset@example.com');
    const before = (await signIn('reset@example.com', GOOD_PASSWORD)).Data;
    expect(await server.api('SendResetPasswordEmail', { Email: 'Reset@Example.com' })).toMatchObject({
      RetCode: 0,
      Data: { ResendAfterSeconds: 60 },
    });
    const mail = await lastMessageTo(server, 'reset@example.com');
    expect(mail.text).toContain('30');
    expect(mail.text).toMatch(/^http:\/\/localhost\/reset\?key=/m);
    const key = await lastMailedKey(server, 'reset@example.com');

    expect(await server.api('GetEmailByKey', { Key: key })).toMatchObject({
      RetCode: 0,
      Data: { Email: 'reset@example.com' },
    });
    expect((await server.api('ResetPassword', { Key: key, Password: 'Brand-new-77' })).RetCode).toBe(0);

    expect((await userInfo(before.AccessToken)).RetCode).toBe(RetCode.NotLoggedIn);
    expect((await server.api('RefreshToken', { RefreshToken: before.RefreshToken })).RetCode).not.toBe(0);
    expect((await signIn('reset@example.com', GOOD_PASSWORD)).RetCode).toBe(RetCode.SignInFailed);
    expect((await signIn('reset@example.com', 'Brand-new-77')).RetCode).toBe(0);

    expect((await server.api('ResetPassword', { Key: key, Password: 'Another-one-88' })).RetCode).toBe(
      RetCode.ResetKeyInvalid,
    );
    expect((await server.api('GetEmailByKey', { Key: key })).RetCode).toBe(RetCode.ResetKeyInvalid);
  });

  it('refuses a reset link after 30 minutes (231007)', async () => {
    await registerAccount(server, 'late-reset@example.com');
    await server.api('SendResetPasswordEmail', { Email: 'late-reset@example.com' });
    const key = await lastMailedKey(server, 'late-reset@example.com');
    server.clock.advance(30 * MINUTE_MS - 1_000);
    expect((await server.api('GetEmailByKey', { Key: key })).RetCode).toBe(0);
    server.clock.advance(1_000);
    expect((await server.api('GetEmailByKey', { Key: key })).RetCode).toBe(RetCode.ResetKeyExpired);
    expect((await server.api('ResetPassword', { Key: key, Password: 'Brand-new-77' })).RetCode).toBe(
      RetCode.ResetKeyExpired,
    );
    expect((await signIn('late-reset@example.com', GOOD_PASSWORD)).RetCode).toBe(0);
  });

  it('answers 214407 for an unknown e-mail and limits resends to one a minute', async () => {
    expect((await server.api('SendResetPasswordEmail', { Email: 'ghost@example.com' })).RetCode).toBe(
      RetCode.UserNotExist,
    );
    await registerAccount(server, 'resend-reset@example.com');
    expect((await server.api('SendResetPasswordEmail', { Email: 'resend-reset@example.com' })).RetCode).toBe(0);
    const early = await server.api('SendResetPasswordEmail', { Email: 'resend-reset@example.com' });
    expect(early.RetCode).toBe(RetCode.ResendTooSoon);
    expect(early.Data).toHaveProperty('ResendAfterSeconds');
    server.clock.advance(60_000);
    expect((await server.api('SendResetPasswordEmail', { Email: 'resend-reset@example.com' })).RetCode).toBe(0);
  });

  it('applies the password rules to the new password', async () => {
    await registerAccount(server, 'rules-reset@example.com');
    await server.api('SendResetPasswordEmail', { Email: 'rules-reset@example.com' });
    const key = await lastMailedKey(server, 'rules-reset@example.com');
    for (const Password of ['short', 'alllowercase', 'Qwerty123', 'x'.repeat(21)]) {
      expect((await server.api('ResetPassword', { Key: key, Password })).RetCode).toBe(RetCode.ValidationError);
    }
    expect((await server.api('ResetPassword', { Key: key, Password: 'Fine-pass-9' })).RetCode).toBe(0);
  });

  it('refuses unknown and malformed keys', async () => {
    expect((await server.api('ResetPassword', { Key: 'B'.repeat(32), Password: 'Fine-pass-9' })).RetCode).toBe(
      RetCode.ResetKeyInvalid,
    );
    expect((await server.api('GetEmailByKey', { Key: 'B'.repeat(32) })).RetCode).toBe(RetCode.ResetKeyInvalid);
    expect((await server.api('GetEmailByKey', { Key: '../../etc' })).RetCode).toBe(RetCode.ValidationError);
  });
});

describe('GetEmailByKey', () => {
  it('answers for reset keys only: an activation key is not a reset link', async () => {
    await registerAccount(server, 'by-key@example.com', { activate: false });
    const key = await lastMailedKey(server, 'by-key@example.com');
    expect((await server.api('GetEmailByKey', { Key: key })).RetCode).toBe(RetCode.ResetKeyInvalid);
  });
});

describe('ChangePassword', () => {
  it('needs the current password (231008) and a new one that follows the rules', async () => {
    await registerAccount(server, 'change@example.com');
    const { AccessToken } = (await signIn('change@example.com', GOOD_PASSWORD)).Data;
    const change = (OldPassword: string, NewPassword: string) =>
      server.api('ChangePassword', { OldPassword, NewPassword }, { token: AccessToken });

    expect((await change('Wrong-pass-1', 'Brand-new-77')).RetCode).toBe(RetCode.PasswordWrong);
    for (const bad of ['abc', 'onlylowercase', 'Password1', 'y'.repeat(21)])
      expect((await change(GOOD_PASSWORD, bad)).RetCode).toBe(RetCode.ValidationError);
    expect((await change(GOOD_PASSWORD, 'Brand-new-77')).RetCode).toBe(0);
    expect((await signIn('change@example.com', GOOD_PASSWORD)).RetCode).toBe(RetCode.SignInFailed);
    expect((await signIn('change@example.com', 'Brand-new-77')).RetCode).toBe(0);
  });

  it("ends the account's other sessions and keeps the one that changed it", async () => {
    await registerAccount(server, 'change-sessions@example.com');
    const here = (await signIn('change-sessions@example.com', GOOD_PASSWORD)).Data;
    const elsewhere = (await signIn('change-sessions@example.com', GOOD_PASSWORD)).Data;
    expect((await userInfo(elsewhere.AccessToken)).RetCode).toBe(0);
    expect(
      (
        await server.api(
          'ChangePassword',
          { OldPassword: GOOD_PASSWORD, NewPassword: 'Brand-new-78' },
          { token: here.AccessToken },
        )
      ).RetCode,
    ).toBe(0);
    expect((await userInfo(elsewhere.AccessToken)).RetCode).toBe(RetCode.NotLoggedIn);
    expect((await server.api('RefreshToken', { RefreshToken: elsewhere.RefreshToken })).RetCode).not.toBe(0);
    expect((await userInfo(here.AccessToken)).RetCode).toBe(0);
    expect((await server.api('RefreshToken', { RefreshToken: here.RefreshToken })).RetCode).toBe(0);
  });

  it('needs a signed-in user', async () => {
    expect(
      (await server.api('ChangePassword', { OldPassword: GOOD_PASSWORD, NewPassword: 'Brand-new-77' })).RetCode,
    ).toBe(RetCode.NotLoggedIn);
  });
});

describe('messages in the user language', () => {
  it.each([
    ['en', /e-mail or password is wrong/, /validation|e-mail/i],
    ['zh', /邮箱或密码错误/, /邮箱/],
  ] as const)('%s', async (lang, signInFailed, emailInvalid) => {
    const failed = await server.api(
      'LoginByPassword',
      { Email: 'ghost@example.com', Password: 'whatever' },
      { lang, ip: `10.9.0.${lang.length}` },
    );
    expect(failed.Message).toMatch(signInFailed);
    const invalid = await server.api('SendActivateEmail', { Email: 'not-an-email' }, { lang });
    expect(invalid.Message).toMatch(emailInvalid);
    const notLogged = await server.api('GetUserInfo', {}, { lang });
    expect(notLogged.Message).toEqual(
      lang === 'zh' ? expect.stringMatching(/[\u4e00-\u9fff]/) : 'Your session has ended. Sign in again.',
    );
  });

  it('takes the language from Accept-Language when there is no cookie', async () => {
    const response = await server.raw(JSON.stringify({ Action: 'SendActivateEmail', Email: 'ghost@example.com' }), {
      'accept-language': 'zh-CN,zh;q=0.9',
    });
    const reply = (await response.json()) as { RetCode: number; Message: string };
    expect(reply.RetCode).toBe(RetCode.UserNotExist);
    expect(reply.Message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('mails in the user language', async () => {
    await registerAccount(server, 'zh-mail@example.com');
    await server.api('SendResetPasswordEmail', { Email: 'zh-mail@example.com' }, { lang: 'zh' });
    const mail = await lastMessageTo(server, 'zh-mail@example.com');
    expect(mail.subject).toMatch(/[\u4e00-\u9fff]/);
  });
});

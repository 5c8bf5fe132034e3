import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '../src/gateway/contract/retcodes';
import {
  createTestServer,
  freshPhone,
  GOOD_PASSWORD,
  lastMessageTo,
  lastPhoneCode,
  registerAccount,
  type TestServer,
} from './testing/harness';
import { isPublicAddress } from './lib/public-address';
import { PrivateAddressError, resolvePublicAddress } from './providers/callbacks/address-guard';

// What hostile input against the running product found (issue 19 item 10), each finding as a test.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ config: { publicUrl: 'https://console.example.com' } });
}, 120_000);
afterAll(() => server.close());

const signIn = (Email: string, Password: string, ip?: string) =>
  server.api<{ AccessToken: string; RefreshToken: string }>('LoginByPassword', { Email, Password }, { ip });
const socket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

describe('mailed links never come from the Host header', () => {
  it('a reset requested with Host: evil.example links to PUBLIC_URL', async () => {
    await registerAccount(server, 'host-poison@example.com');
    const response = await server.app.request(
      'http://evil.example/api',
      {
        method: 'POST',
        body: JSON.stringify({ Action: 'SendResetPasswordEmail', Email: 'host-poison@example.com' }),
        headers: { 'content-type': 'application/json', host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      },
      socket('127.0.0.1'),
    );
    expect(((await response.json()) as { RetCode: number }).RetCode).toBe(0);
    const mail = await lastMessageTo(server, 'host-poison@example.com');
    expect(mail.text).toMatch(/https:\/\/console\.example\.com\/reset\?key=/);
    expect(mail.text).not.toContain('evil.example');
  });
});

describe('/dev/outbox is for loopback clients only', () => {
  it('answers 127.0.0.1, ::1 and ::ffff:127.0.0.1, refuses any other address with 403 in the envelope', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1'])
      expect((await server.app.request('/dev/outbox.json', {}, socket(address))).status).toBe(200);
    for (const address of ['203.0.113.7', '10.0.0.2', '::ffff:10.0.0.2', '2001:db8::1']) {
      for (const path of ['/dev/outbox.json', '/dev/outbox']) {
        const response = await server.app.request(path, {}, socket(address));
        expect(response.status).toBe(403);
        expect(((await response.json()) as { RetCode: number }).RetCode).toBe(RetCode.Forbidden);
      }
    }
  });

  it('HERALD_DEV_TOOLS_ANY_CLIENT=1 opens it', async () => {
    const open = await createTestServer({ config: { devToolsAnyClient: true } });
    try {
      expect((await open.app.request('/dev/outbox.json', {}, socket('203.0.113.7'))).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('NUL characters', () => {
  it('are a field error (230001 kind), not a 500, in any Action and any field', async () => {
    const { AccessToken } = (await signIn('demo@herald.local', 'herald-demo-1')).Data;
    const cases: [string, Record<string, unknown>, string][] = [
      ['LoginByPassword', { Email: 'a\u0000@example.com', Password: 'x' }, 'Email'],
      ['SendResetPasswordEmail', { Email: 'nul\u0000@example.com' }, 'Email'],
      ['CreateTicket', { Category: 1, Comment: 'broken\u0000', Pictures: [] }, 'Comment'],
      ['UpdateUser', { EnName: 'Ann\u0000' }, 'EnName'],
      ['SetUSMSCallback', { Url: 'https://example.com/\u0000', Enabled: true }, 'Url'],
    ];
    for (const [action, input, field] of cases) {
      const reply = await server.api(action, input, { token: AccessToken });
      expect(reply.status, action).toBe(200);
      expect(reply.RetCode, action).toBe(RetCode.ValidationError);
      expect(reply.Data, action).toEqual({ Fields: [{ Field: field, Key: 'validation:nulCharacter' }] });
      expect(reply.Message).toMatch(/NUL/);
    }
    const nested = await server.api(
      'AddUSMSSendTask',
      { Rows: [{ Phone: '1', Values: ['a\u0000'] }] },
      { token: AccessToken },
    );
    expect(nested.RetCode).toBe(RetCode.ValidationError);
    expect((nested.Data as { Fields: { Field: string }[] }).Fields[0].Field).toBe('Rows.0.Values.0');
  });
});

describe('the SSRF guard', () => {
  it.each([
    ['::7f00:1', false],
    ['::127.0.0.1', false],
    ['::a00:1', false],
    ['::8.8.8.8', false],
    ['::ffff:7f00:1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:808:808', true],
    ['2606:4700::1111', true],
  ])('%s is public: %s', (address, expected) => expect(isPublicAddress(address)).toBe(expected));

  it('refuses http://[::7f00:1]/ and http://[::127.0.0.1]/ as callback addresses', async () => {
    for (const url of ['http://[::7f00:1]/', 'http://[::127.0.0.1]:8080/hook', 'http://[::ffff:7f00:1]/'])
      await expect(resolvePublicAddress(new URL(url), false)).rejects.toBeInstanceOf(PrivateAddressError);
  });
});

describe('time fields are capped', () => {
  it('GetTransactionList with StartTime 9007199254740991 is a field error, not a 500', async () => {
    const { AccessToken } = (await signIn('demo@herald.local', 'herald-demo-1')).Data;
    for (const field of ['StartTime', 'EndTime']) {
      const reply = await server.api('GetTransactionList', { [field]: 9007199254740991 }, { token: AccessToken });
      expect(reply.status).toBe(200);
      expect(reply.RetCode).toBe(RetCode.ValidationError);
      expect((reply.Data as { Fields: { Field: string }[] }).Fields[0].Field).toBe(field);
    }
    const huge = await server.api(
      'GetUploadAuthorization',
      { ExpiryDate: 9007199254740991, FileName: 'a.png', FileType: 'image/png', MD5value: '0'.repeat(32) },
      { token: AccessToken },
    );
    expect(huge.RetCode).toBe(RetCode.ValidationError);
  });
});

describe('ChangePassword guesses', () => {
  it('5 tries per 15 minutes per account, then 230029 with Retry-After, even with the right password', async () => {
    await registerAccount(server, 'guess@example.com');
    const { AccessToken } = (await signIn('guess@example.com', GOOD_PASSWORD)).Data;
    const change = (OldPassword: string) =>
      server.raw(JSON.stringify({ Action: 'ChangePassword', OldPassword, NewPassword: 'Brand-new-77' }), {
        authorization: `Bearer ${AccessToken}`,
      });
    for (let i = 0; i < 5; i++)
      expect(((await (await change(`Wrong-pass-${i}`)).json()) as { RetCode: number }).RetCode).toBe(
        RetCode.PasswordWrong,
      );
    const refused = await change(GOOD_PASSWORD);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(((await refused.json()) as { RetCode: number }).RetCode).toBe(RetCode.RateLimited);
    expect((await signIn('guess@example.com', GOOD_PASSWORD)).RetCode).toBe(0);
  });
});

describe('account enumeration', () => {
  it('SendResetPasswordEmail: 10 unknown addresses per client address, then 230029 for every address', async () => {
    await registerAccount(server, 'known@example.com');
    const ip = '198.51.100.23';
    const ask = (Email: string) => server.api('SendResetPasswordEmail', { Email }, { ip });
    for (let i = 0; i < 10; i++) expect((await ask(`nobody-${i}@example.com`)).RetCode).toBe(RetCode.UserNotExist);
    expect((await ask('nobody-10@example.com')).RetCode).toBe(RetCode.RateLimited);
    // A known address is refused the same way: the answer tells nothing any more.
    expect((await ask('known@example.com')).RetCode).toBe(RetCode.RateLimited);
    expect((await server.api('SendActivateEmail', { Email: 'nobody@example.com' }, { ip })).RetCode).toBe(
      RetCode.RateLimited,
    );
    // Another client address is not affected.
    expect(
      (await server.api('SendResetPasswordEmail', { Email: 'known@example.com' }, { ip: '198.51.100.24' })).RetCode,
    ).toBe(0);
  });

  it('RegisterAdminUser checks the phone code before it says the e-mail exists', async () => {
    await registerAccount(server, 'taken@example.com');
    const phone = freshPhone();
    await server.api('SendRegisterPhoneCodeV1', { Phone: phone, Country: 'US' });
    const register = (PhoneCode: string) =>
      server.api('RegisterAdminUser', {
        Email: 'taken@example.com',
        Password: GOOD_PASSWORD,
        ConfirmPassword: GOOD_PASSWORD,
        Phone: phone,
        PhoneCode,
        Country: 'US',
        Agree: true,
      });
    const code = await lastPhoneCode(server, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await register(wrong)).RetCode).toBe(RetCode.PhoneCodeInvalid);
    expect((await register(code)).RetCode).toBe(RetCode.UserExists);
  });
});

describe('validation messages (issue 19 item 9)', () => {
  it('a missing BeginTime says "Enter a begin time", not "This value is not valid"', async () => {
    const { AccessToken } = (await signIn('demo@herald.local', 'herald-demo-1')).Data;
    const reply = await server.api('GetUSMSSendRecord', { EndTime: 1_700_000_000 }, { token: AccessToken });
    expect(reply.RetCode).toBe(RetCode.ValidationError);
    expect(reply.Data).toEqual({ Fields: [{ Field: 'BeginTime', Key: 'validation:beginTimeRequired' }] });
    // the message names no field (issue 18 §2): the Fields list does
    expect(reply.Message).toBe('Enter a begin time.');
    const zh = await server.api('GetUSMSSendRecord', {}, { token: AccessToken, lang: 'zh' });
    expect(zh.Message).toContain('请输入开始时间');
  });
});

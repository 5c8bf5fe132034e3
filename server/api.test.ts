import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fc, test as fcTest } from '@fast-check/vitest';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createTestServer, signInDemo, type TestServer } from './testing/harness';
import { RetCode } from '../src/gateway/contract/retcodes';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 120_000);
afterAll(() => server.close());

describe('POST /api', () => {
  it('answers every reply as {RetCode, Message, Data}', async () => {
    const reply = await server.api('LoginByPassword', { Email: 'demo@herald.local', Password: 'herald-demo-1' });
    expect(reply).toMatchObject({ status: 200, RetCode: 0 });
    expect(reply.Data).toHaveProperty('AccessToken');
  });

  it('rejects fields the schema does not name', async () => {
    const reply = await server.api('LoginByPassword', { Email: 'demo@herald.local', Password: 'x', Admin: true });
    expect(reply.RetCode).toBe(RetCode.ValidationError);
    expect(reply.Data).toMatchObject({
      Fields: expect.arrayContaining([{ Field: 'Admin', Key: 'validation:unknownField' }]),
    });
  });

  it('speaks the user language', async () => {
    const reply = await server.api('LoginByPassword', { Email: 'nope', Password: 'x' }, { lang: 'zh' });
    expect(reply.Message).toContain('邮箱');
  });

  it('tells an unbuilt Action of the catalogue from an unknown one', async () => {
    expect((await server.api('CreateTGTask')).RetCode).toBe(RetCode.NotImplemented);
    expect((await server.api('DropAllTables')).RetCode).toBe(RetCode.UnknownAction);
    expect((await server.api(undefined, {})).RetCode).toBe(RetCode.MissingAction);
  });

  it('refuses a user Action without a valid token', async () => {
    expect((await server.api('GetUserInfo')).RetCode).toBe(RetCode.NotLoggedIn);
    expect((await server.api('GetUserInfo', {}, { token: 'forged' })).RetCode).toBe(RetCode.NotLoggedIn);
    const { AccessToken } = await signInDemo(server);
    expect((await server.api('GetUserInfo', {}, { token: AccessToken })).RetCode).toBe(0);
  });

  it('refuses a body over 1 MB', async () => {
    const response = await server.raw(JSON.stringify({ Action: 'GetUserInfo', pad: 'x'.repeat(1_100_000) }));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { RetCode: number }).RetCode).toBe(RetCode.BodyTooLarge);
  });

  it('reads bodies over real HTTP, declared or chunked, and refuses either past 1 MB', async () => {
    const http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => http.once('listening', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/api`;
    const chunked = (text: string) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          const bytes = new TextEncoder().encode(text);
          for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.subarray(at, at + 64 * 1024));
          controller.close();
        },
      });
    const post = async (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) => {
      const response = await fetch(url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...headers },
        duplex: 'half',
      } as RequestInit);
      return ((await response.json()) as { RetCode: number }).RetCode;
    };
    try {
      const { AccessToken } = await signInDemo(server);
      const auth = { authorization: `Bearer ${AccessToken}` };
      const small = JSON.stringify({ Action: 'GetUserInfo' });
      const large = JSON.stringify({ Action: 'GetUserInfo', pad: 'x'.repeat(1_100_000) });
      expect(await post(small, auth)).toBe(0);
      expect(await post(chunked(small), auth)).toBe(0);
      expect(await post(large, auth)).toBe(RetCode.BodyTooLarge);
      expect(await post(chunked(large), auth)).toBe(RetCode.BodyTooLarge);
      expect(await post('{"Action":', auth)).toBe(RetCode.ValidationError);
    } finally {
      await new Promise((resolve) => http.close(resolve));
    }
  });

  fcTest.prop(
    [
      fc.oneof(
        fc.string(),
        fc.json(),
        fc.jsonValue().map((v) => JSON.stringify(v)),
        fc.uint8Array().map((b) => Buffer.from(b).toString('latin1')),
      ),
    ],
    { numRuns: 150 },
  )('never answers a malformed body with a 5xx', async (body) => {
    const response = await server.raw(body);
    expect(response.status).toBeLessThan(500);
    const reply = (await response.json()) as { RetCode: number };
    expect(typeof reply.RetCode).toBe('number');
  });

  fcTest.prop(
    [
      fc.constantFrom(
        'LoginByPassword',
        'RegisterAdminUser',
        'SendRegisterPhoneCodeV1',
        'ResetPassword',
        'ActivateAdminUser',
        'RefreshToken',
        'GetEmailByKey',
        'SendActivateEmail',
      ),
      fc.dictionary(
        fc.constantFrom('Email', 'Password', 'Phone', 'PhoneCode', 'Country', 'Agree', 'Key', 'RefreshToken', 'Other'),
        fc.anything(),
      ),
    ],
    { numRuns: 150 },
  )('never answers a malformed Action input with a 5xx', async (action, input) => {
    const response = await server.raw(JSON.stringify({ ...input, Action: action }));
    expect(response.status).toBeLessThan(500);
  });
});

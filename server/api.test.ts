import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fc, test as fcTest } from '@fast-check/vitest';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createTestServer, signInDemo, typedApi, type TestServer } from './testing/harness';
import { RetCode } from '../src/gateway/contract/retcodes';
import { apiHandler } from './api';
import { handlers } from './handlers';
import type { HandlerMap } from './context';
import { BinaryReply } from './binary-reply';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 120_000);
afterAll(() => server.close());

describe('POST /api', () => {
  it('answers every reply as {RetCode, Message, Data}', async () => {
    const { reply } = typedApi(server);
    const answer = await reply('LoginByPassword', { Email: 'demo@herald.local', Password: 'herald-demo-1' });
    expect(answer).toMatchObject({ status: 200, RetCode: 0 });
    expect(answer.Data.AccessToken).toEqual(expect.any(String));
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

  it('tells an Action without a handler from an unknown one', async () => {
    // Every Action of the catalogue has a handler now: one with a schema but no handler answers NotImplemented.
    const { GetMediaFileSign: _built, ...withoutOne } = handlers;
    const app = new Hono().post('/api', apiHandler(server.deps, withoutOne));
    const response = await app.request('/api', {
      method: 'POST',
      body: JSON.stringify({ Action: 'GetMediaFileSign', FileId: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(((await response.json()) as { RetCode: number }).RetCode).toBe(RetCode.NotImplemented);
    expect((await server.api('DropAllTables')).RetCode).toBe(RetCode.UnknownAction);
    expect((await server.api(undefined, {})).RetCode).toBe(RetCode.MissingAction);
  });

  it('refuses a user Action without a valid token', async () => {
    expect((await server.api('GetUserInfo')).RetCode).toBe(RetCode.NotLoggedIn);
    expect((await server.api('GetUserInfo', {}, { token: 'forged' })).RetCode).toBe(RetCode.NotLoggedIn);
    const { AccessToken } = await signInDemo(server);
    const { api } = typedApi(server, { token: AccessToken });
    expect((await api('GetUserInfo', {})).Email).toBe('demo@herald.local');
  });

  it('takes a larger body only for an Action whose definition declares it', async () => {
    const phones = (count: number) => Array.from({ length: count }, (_, i) => `+1415555${String(i).padStart(4, '0')}`);
    const retCodeOf = async (body: object) =>
      ((await (await server.raw(JSON.stringify(body))).json()) as { RetCode: number }).RetCode;
    // 2 MiB of numbers passes AddUSMSSendTask's 8 MiB limit and meets the token check; 9 MiB does not.
    expect(await retCodeOf({ Action: 'AddUSMSSendTask', Phones: phones(100_000) })).toBe(RetCode.NotLoggedIn);
    expect(await retCodeOf({ Action: 'AddUSMSSendTask', Phones: phones(100_000), pad: 'x'.repeat(9_000_000) })).toBe(
      RetCode.BodyTooLarge,
    );
    expect(await retCodeOf({ Action: 'GetUserInfo', Phones: phones(100_000) })).toBe(RetCode.BodyTooLarge);
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

describe('the reply contract (checked outside production)', () => {
  const appWith = (changes: HandlerMap) =>
    new Hono().post('/api', apiHandler(server.deps, { ...handlers, ...changes }));
  const signIn = async (app: Hono) => {
    const response = await app.request('/api', {
      method: 'POST',
      body: JSON.stringify({ Action: 'LoginByPassword', Email: 'demo@herald.local', Password: 'herald-demo-1' }),
      headers: { 'content-type': 'application/json' },
    });
    return { status: response.status, ...((await response.json()) as { RetCode: number }) };
  };
  const quietly = async <T>(run: () => Promise<T>): Promise<{ result: T; logged: string }> => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const result = await run();
      return { result, logged: spy.mock.calls.map((args) => args.join(' ')).join('\n') };
    } finally {
      spy.mockRestore();
    }
  };

  it('answers 230500 and logs the Action when a reply drifts from its Data schema', async () => {
    const app = appWith({
      LoginByPassword: async (input, ctx) => ({
        ...(await handlers.LoginByPassword!(input, ctx)),
        AdminUserID: 'one' as never,
      }),
    });
    const { result, logged } = await quietly(() => signIn(app));
    expect(result).toMatchObject({ status: 500, RetCode: RetCode.SystemBusy });
    expect(logged).toMatch(
      /LoginByPassword answered outside its contract: Data does not match its schema[\s\S]*AdminUserID/,
    );
  });

  it('refuses a field the Data schema does not declare', async () => {
    const app = appWith({
      LoginByPassword: async (input, ctx) => ({ ...(await handlers.LoginByPassword!(input, ctx)), PasswordHash: 'x' }),
    });
    const { result, logged } = await quietly(() => signIn(app));
    expect(result.RetCode).toBe(RetCode.SystemBusy);
    expect(logged).toContain('fields its Data schema does not declare: Data.PasswordHash');
  });

  it('refuses a file from an Action that declares a JSON reply', async () => {
    const app = appWith({ LoginByPassword: async () => new BinaryReply('a.csv', 'text/csv', 'a') as never });
    const { result, logged } = await quietly(() => signIn(app));
    expect(result.RetCode).toBe(RetCode.SystemBusy);
    expect(logged).toContain('a file, but the Action declares a JSON reply');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, callBinary, callRaw, GatewayError, NetworkError, onGatewayEvent, type GatewayEvent } from './call';
import { RetCode } from '../contract/retcodes';
import { useMemoryCredentialStore, writeCredentials } from './credentials';

// The browser client against a stand-in fetch: what it sends, and what each kind of reply becomes.
const reply = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' }, ...init });

let events: GatewayEvent[];
let stopListening: () => void;
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  useMemoryCredentialStore();
  events = [];
  stopListening = onGatewayEvent((event) => events.push(event));
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a refusal shown in place', () => {
  it('is marked by reading its message, and not by the shell reading its text', () => {
    const error = new GatewayError('GetBalance', RetCode.InsufficientBalance, 'Insufficient balance.');
    expect(error.text).toBe('Insufficient balance.');
    expect(error.shownInPlace).toBe(false);
    expect(JSON.stringify(error)).not.toContain('shownInPlace":true');
    expect(error.message).toBe('Insufficient balance.');
    expect(error.shownInPlace).toBe(true);
  });
});

describe('call', () => {
  it('POSTs {Action, ...input} to /api with the access token and resolves with Data on RetCode 0', async () => {
    writeCredentials({ accessToken: 'token-1' });
    fetchMock.mockResolvedValue(reply({ RetCode: 0, Message: 'Done.', Data: { Total: 2, TicketIds: [1, 2] } }));
    await expect(call('GetNewReplyList', {})).resolves.toEqual({ Total: 2, TicketIds: [1, 2] });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ Action: 'GetNewReplyList' });
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    expect(events).toEqual([]);
  });

  it('rejects a non-zero RetCode with a GatewayError and raises an error notification', async () => {
    fetchMock.mockResolvedValue(
      reply({ RetCode: RetCode.InsufficientBalance, Message: 'Insufficient balance.', Data: {} }),
    );
    const error = await call('GetBalance', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({
      retCode: RetCode.InsufficientBalance,
      message: 'Insufficient balance.',
      action: 'GetBalance',
    });
    expect(events.map((e) => e.type)).toEqual(['gateway.error']);
  });

  it('stays quiet when the caller shows the refusal itself', async () => {
    fetchMock.mockResolvedValue(reply({ RetCode: RetCode.SignInFailed, Message: 'Sign-in failed.', Data: {} }));
    await expect(call('LoginByPassword', { Email: 'a@b.co', Password: 'x' }, { silent: true })).rejects.toBeInstanceOf(
      GatewayError,
    );
    expect(events).toEqual([]);
  });

  it('turns the not-logged code (and a reply to a call without an action) into a session end', async () => {
    fetchMock.mockResolvedValueOnce(reply({ RetCode: RetCode.NotLoggedIn, Message: 'Sign in again.', Data: {} }));
    fetchMock.mockResolvedValueOnce(reply({ RetCode: RetCode.MissingAction, Message: 'No action.', Data: {} }));
    await expect(call('GetUserInfo', {}, { silent: true })).rejects.toBeInstanceOf(GatewayError);
    await expect(call('GetUserInfo', {})).rejects.toBeInstanceOf(GatewayError);
    expect(events.map((e) => e.type)).toEqual(['gateway.notLogged', 'gateway.notLogged']);
  });

  it('reports a network failure as a NetworkError and a network notification', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await call('GetBalance', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ message: 'Failed to fetch', timedOut: false });
    expect(events.map((e) => e.type)).toEqual(['gateway.network']);
  });

  it('gives up after the time-out (60 s by default)', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const error = await call('GetBalance', {}, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ timedOut: true });
  });
});

describe('callRaw and callBinary', () => {
  it('callRaw passes a refusal through without rejecting or notifying (RefreshToken)', async () => {
    fetchMock.mockResolvedValue(reply({ RetCode: RetCode.TokenReused, Message: 'Reused.', Data: {} }));
    await expect(callRaw('RefreshToken', { RefreshToken: 'r' })).resolves.toMatchObject({
      RetCode: RetCode.TokenReused,
    });
    expect(events).toEqual([]);
  });

  it('callBinary resolves with the file, and rejects a JSON refusal', async () => {
    fetchMock.mockResolvedValueOnce(new Response('a,b\n1,2\n', { headers: { 'content-type': 'text/csv' } }));
    const file = await callBinary('GetUSMSExportSendRecordFile', { ExportId: 'EXabcdef12' });
    expect(await file.text()).toBe('a,b\n1,2\n');
    // @ts-expect-error a JSON-only Action has no binary variant (its definition declares the reply)
    void callBinary.bind(null, 'GetBalance', {});
    fetchMock.mockResolvedValueOnce(reply({ RetCode: RetCode.NotFound, Message: 'Not found.', Data: {} }));
    await expect(callBinary('GetUSMSPrice', { Download: true })).rejects.toMatchObject({ retCode: RetCode.NotFound });
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/harness';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { MAX_UPLOAD_BYTES } from '../../../src/gateway/contract/actions/upload-rules';
import { authorize, freshTenant, md5Hex, pngBytes, put } from './test-helpers';

let server: TestServer;
let filesDir: string;
let owner: { token: string };
beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'herald-files-'));
  process.env.FILES_DIR = filesDir;
  server = await createTestServer();
  owner = await freshTenant(server);
});
afterAll(async () => {
  await server.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('the upload pipeline on the server', () => {
  it('stores a file whose signature, expiry, size and MD5 check out, and serves it by its MediaURL', async () => {
    const bytes = pngBytes(5000);
    const grant = await authorize(server, owner.token, bytes);
    expect(grant.RetCode).toBe(0);
    expect(grant.Data.Authorization).toMatch(/^HERALD-UPLOAD \d+:/);
    const stored = await put(server, grant.Data, bytes);
    expect(stored).toMatchObject({ status: 200, RetCode: 0, Data: { FileId: grant.Data.FileId } });
    const read = await server.app.request(stored.Data.MediaURL!);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    // The file's own policy wins over the console's (server/app.ts securityHeaders: overwrite false).
    expect(read.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(Buffer.from(await read.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses a tampered chunk: the bytes do not hash to the authorised MD5', async () => {
    const bytes = pngBytes(3 * 1024 * 1024);
    const grant = await authorize(server, owner.token, bytes);
    const tampered = Buffer.from(bytes);
    tampered[2 * 1024 * 1024 + 10] ^= 0xff;
    // The headers are those of the real file; only a byte of the second chunk changed on the way.
    const reply = await put(server, grant.Data, tampered, {
      'content-md5': Buffer.from(md5Hex(bytes), 'hex').toString('base64'),
    });
    expect(reply).toMatchObject({ status: 400, RetCode: RetCode.UploadMd5Mismatch });
  });

  it('refuses a Content-MD5 other than the authorised one', async () => {
    const bytes = pngBytes();
    const grant = await authorize(server, owner.token, bytes);
    const other = pngBytes(100);
    expect(await put(server, grant.Data, other)).toMatchObject({ status: 400, RetCode: RetCode.UploadMd5Mismatch });
  });

  it('refuses an expired authorisation', async () => {
    const bytes = pngBytes(200);
    const grant = await authorize(server, owner.token, bytes);
    server.clock.advance(3_600_000 + 301_000);
    try {
      expect(await put(server, grant.Data, bytes)).toMatchObject({ status: 403, RetCode: RetCode.UploadExpired });
    } finally {
      server.clock.reset();
    }
  });

  it('refuses an authorisation that was forged or belongs to another file', async () => {
    const bytes = pngBytes(300);
    const first = await authorize(server, owner.token, bytes);
    const second = await authorize(server, owner.token, bytes);
    expect(await put(server, { ...second.Data, Authorization: first.Data.Authorization }, bytes)).toMatchObject({
      status: 403,
      RetCode: RetCode.UploadSignatureInvalid,
    });
    expect(
      await put(server, { ...second.Data, Authorization: 'HERALD-UPLOAD 9999999999:' + 'A'.repeat(43) }, bytes),
    ).toMatchObject({ status: 403, RetCode: RetCode.UploadSignatureInvalid });
  });

  it('refuses a file over 10,485,760 bytes even when the client declares less', async () => {
    const bytes = pngBytes(MAX_UPLOAD_BYTES + 1);
    const grant = await authorize(server, owner.token, bytes);
    expect(await put(server, grant.Data, bytes)).toMatchObject({ status: 413, RetCode: RetCode.UploadTooLarge });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    const response = await server.app.request(grant.Data.Address, {
      method: 'PUT',
      body: stream,
      duplex: 'half',
      headers: {
        authorization: grant.Data.Authorization,
        'content-type': 'image/png',
        'content-md5': Buffer.from(md5Hex(bytes), 'hex').toString('base64'),
      },
    } as RequestInit);
    expect(((await response.json()) as { RetCode: number }).RetCode).toBe(RetCode.UploadTooLarge);
  });

  it('refuses a wrong type: at authorisation, in the PUT header, and by the bytes themselves', async () => {
    const pdf = Buffer.from('%PDF-1.7 not a picture');
    // a type no upload field takes (PDF is one now: the library's)
    const zip = Buffer.from('PK\x03\x04 not a picture');
    expect(
      (await authorize(server, owner.token, zip, { FileName: 'a.zip', FileType: 'application/zip' })).RetCode,
    ).toBe(RetCode.ValidationError);
    expect((await authorize(server, owner.token, pdf, { FileName: 'a.pdf', FileType: 'image/png' })).RetCode).toBe(
      RetCode.UploadTypeNotAllowed,
    );
    const png = pngBytes();
    const grant = await authorize(server, owner.token, png);
    expect(await put(server, grant.Data, png, { 'content-type': 'image/jpeg' })).toMatchObject({
      status: 400,
      RetCode: RetCode.UploadTypeNotAllowed,
    });
    const renamed = await authorize(server, owner.token, pdf, { FileName: 'renamed.png' });
    expect(await put(server, renamed.Data, pdf)).toMatchObject({ status: 400, RetCode: RetCode.UploadTypeNotAllowed });
  });

  it("does not let one tenant read or reuse another tenant's file", async () => {
    const other = await freshTenant(server);
    const bytes = pngBytes(400);
    const grant = await authorize(server, owner.token, bytes);
    await put(server, grant.Data, bytes);
    const fileId = grant.Data.FileId;
    expect((await server.app.request(`/files/${fileId}`)).status).toBe(403);
    expect((await server.app.request(`/files/${fileId}?expires=9999999999&signature=forged`)).status).toBe(403);
    expect((await server.api('UploadAttachFile', { FileId: fileId }, { token: other.token })).RetCode).toBe(
      RetCode.NotFound,
    );
    expect((await server.api('UploadAttachFile', { FileId: fileId }, { token: owner.token })).RetCode).toBe(0);
  });

  it('signs a fresh read address of a stored file for its owner only (GetMediaFileSign)', async () => {
    const bytes = pngBytes(300);
    const grant = await authorize(server, owner.token, bytes);
    expect((await put(server, grant.Data, bytes)).RetCode).toBe(0);
    const signed = await server.api<{ FileId: string; MediaURL: string; ExpiryDate: number }>(
      'GetMediaFileSign',
      { FileId: grant.Data.FileId },
      { token: owner.token },
    );
    expect(signed.Data.FileId).toBe(grant.Data.FileId);
    expect(signed.Data.ExpiryDate).toBeGreaterThan(Math.floor(server.clock.nowMs() / 1000));
    const served = await server.app.request(signed.Data.MediaURL);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    const other = await freshTenant(server);
    const foreign = await server.api('GetMediaFileSign', { FileId: grant.Data.FileId }, { token: other.token });
    expect(foreign.RetCode).toBe(RetCode.NotFound);
    const unstored = await authorize(server, owner.token, pngBytes(301));
    expect(
      (await server.api('GetMediaFileSign', { FileId: unstored.Data.FileId }, { token: owner.token })).RetCode,
    ).toBe(RetCode.NotFound);
  });

  it('stores a file once', async () => {
    const bytes = pngBytes(500);
    const grant = await authorize(server, owner.token, bytes);
    expect((await put(server, grant.Data, bytes)).RetCode).toBe(0);
    expect(await put(server, grant.Data, bytes)).toMatchObject({ status: 409, RetCode: RetCode.UploadAlreadyStored });
  });
});

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/harness';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { authorize, freshTenant, md5Hex, pngBytes, type Grant } from './test-helpers';

// Hostile input (issue 19 item 10): parallel PUTs of one authorisation, good and bad bodies mixed.
let server: TestServer;
let filesDir: string;
let owner: { id: number; token: string };
beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'herald-files-race-'));
  process.env.FILES_DIR = filesDir;
  server = await createTestServer();
  owner = await freshTenant(server);
});
afterAll(async () => {
  await server.close();
  rmSync(filesDir, { recursive: true, force: true });
});

/** A PUT whose body arrives in many small chunks (the file system pushes back: drain waits). */
async function chunkedPut(grant: Grant, bytes: Buffer, md5Of: Buffer = bytes) {
  const chunk = 16 * 1024;
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(new Uint8Array(bytes.subarray(offset, offset + chunk)));
      offset += chunk;
    },
  });
  const response = await server.app.request(grant.Address, {
    method: 'PUT',
    body,
    duplex: 'half',
    headers: {
      authorization: grant.Authorization,
      'content-type': 'image/png',
      'content-md5': Buffer.from(md5Hex(md5Of), 'hex').toString('base64'),
    },
  } as RequestInit);
  const text = await response.text();
  // Always the JSON envelope, never a plain-text error.
  const reply = JSON.parse(text) as { RetCode: number; Data: { FileId?: string } };
  return { status: response.status, ...reply };
}

function storedBytes(fileId: string): Buffer {
  return readFileSync(path.join(filesDir, String(owner.id), fileId));
}

describe('parallel PUTs of one upload authorisation', () => {
  it('8 identical PUTs: one stores the file, the other 7 answer 409 in the envelope', async () => {
    const bytes = pngBytes(600_000);
    const grant = (await authorize(server, owner.token, bytes)).Data;
    const replies = await Promise.all(Array.from({ length: 8 }, () => chunkedPut(grant, bytes)));
    expect(replies.filter((r) => r.status === 200 && r.RetCode === 0)).toHaveLength(1);
    const rest = replies.filter((r) => r.RetCode !== 0);
    expect(rest).toHaveLength(7);
    for (const r of rest) expect(r).toMatchObject({ status: 409, RetCode: RetCode.UploadAlreadyStored });
    expect(storedBytes(grant.FileId).equals(bytes)).toBe(true);
    // No temporary file is left behind.
    expect(readdirSync(path.join(filesDir, String(owner.id))).filter((f) => f.includes('.part-'))).toEqual([]);
  });

  it('a good PUT racing 7 bad ones stores exactly the good bytes, never a mixture', async () => {
    for (let round = 0; round < 5; round++) {
      const good = pngBytes(400_000 + round);
      const grant = (await authorize(server, owner.token, good)).Data;
      const bad = (i: number) => {
        const b = Buffer.from(good);
        b.fill(0x80 + i, 1000 + i * 10_000); // never the padding byte (7): each bad body really differs
        return b;
      };
      const replies = await Promise.all([
        ...Array.from({ length: 3 }, (_, i) => chunkedPut(grant, bad(i), good)),
        chunkedPut(grant, good),
        ...Array.from({ length: 4 }, (_, i) => chunkedPut(grant, bad(i + 3), good)),
      ]);
      expect(replies[3]).toMatchObject({ status: 200, RetCode: 0 });
      for (const r of replies.filter((_, i) => i !== 3))
        expect([RetCode.UploadMd5Mismatch, RetCode.UploadAlreadyStored]).toContain(r.RetCode);
      expect(storedBytes(grant.FileId).equals(good)).toBe(true);
    }
  });

  it('a large chunked upload adds no listener per write (no MaxListenersExceededWarning)', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const bytes = pngBytes(8 * 1024 * 1024);
      const grant = (await authorize(server, owner.token, bytes)).Data;
      expect(await chunkedPut(grant, bytes)).toMatchObject({ status: 200, RetCode: 0 });
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});

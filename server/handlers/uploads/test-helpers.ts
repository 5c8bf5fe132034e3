import { createHash } from 'node:crypto';
import { users } from '../../db/schema';
import { issueTokens } from '../../auth/sessions';
import type { TestServer } from '../../testing/harness';
import { contentMd5FromHex } from '../../../src/gateway/contract/actions/upload-rules';

let counter = 0;

/** A fresh, activated tenant with a session (inserted directly: these tests are not about sign-up). */
export async function freshTenant(
  server: TestServer,
  extraPermissions: string[] = [],
): Promise<{ id: number; email: string; token: string }> {
  const email = `tenant-${process.pid}-${Date.now()}-${counter++}@example.com`;
  const now = server.clock.now();
  const [user] = await server.deps.database.db
    .insert(users)
    .values({ email, passwordHash: 'not-a-password', activatedAt: now, createdAt: now, extraPermissions })
    .returning({ id: users.id });
  const tokens = await issueTokens(server.deps.database.db, server.clock, user.id);
  return { id: user.id, email, token: tokens.AccessToken };
}

/** A tiny valid PNG (1x1), padded to `size` bytes when asked (the tail is ignored by decoders). */
export function pngBytes(size = 0): Buffer {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082',
    'hex',
  );
  return size > png.length ? Buffer.concat([png, Buffer.alloc(size - png.length, 7)]) : png;
}

export const md5Hex = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

export interface Grant {
  Authorization: string;
  Address: string;
  FileId: string;
  MediaURL: string;
}

export async function authorize(
  server: TestServer,
  token: string,
  bytes: Uint8Array,
  fields: { FileName?: string; FileType?: string; md5?: string } = {},
) {
  return server.api<Grant>(
    'GetUploadAuthorization',
    {
      ExpiryDate: Math.floor(server.clock.nowMs() / 1000) + 3600,
      FileName: fields.FileName ?? 'picture.png',
      FileType: fields.FileType ?? 'image/png',
      MD5value: fields.md5 ?? md5Hex(bytes),
    },
    { token },
  );
}

export async function put(server: TestServer, grant: Grant, bytes: Buffer, headers: Record<string, string> = {}) {
  const response = await server.app.request(grant.Address, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: {
      authorization: grant.Authorization,
      'content-type': 'image/png',
      'content-md5': contentMd5FromHex(md5Hex(bytes)),
      ...headers,
    },
  });
  return {
    status: response.status,
    ...((await response.json()) as { RetCode: number; Message: string; Data: { FileId?: string; MediaURL?: string } }),
  };
}

/** Authorises and PUTs a picture; returns its FileId. */
export async function uploadPicture(server: TestServer, token: string, bytes = pngBytes()): Promise<string> {
  const grant = await authorize(server, token, bytes);
  if (grant.RetCode !== 0) throw new Error(grant.Message);
  const stored = await put(server, grant.Data, bytes);
  if (stored.RetCode !== 0) throw new Error(stored.Message);
  return grant.Data.FileId;
}

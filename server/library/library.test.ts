import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestServer, type TestServer } from '../testing/harness';
import { libraryUsage } from '../db/schema';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { LIBRARY_DEFAULT_SPACE_BYTES, type LibraryItem } from '../../src/gateway/contract/actions/library';
import { freshTenant, md5Hex, pngBytes, put, type Grant } from '../handlers/uploads/test-helpers';

// The content library (issue 16 item 6): space reserved at authorisation (17202 before any byte), two
// uploads at once never pass the limit, deleting frees space, folder rules, and one tenant never reaches
// another's folders, files or public addresses.

let server: TestServer;
let filesDir: string;
beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'herald-library-'));
  process.env.FILES_DIR = filesDir;
  server = await createTestServer();
}, 120_000);
afterAll(async () => {
  await server.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const limitOf = (userId: number, limitBytes: number) =>
  server.deps.database.db
    .insert(libraryUsage)
    .values({ userId, limitBytes })
    .onConflictDoUpdate({ target: libraryUsage.userId, set: { limitBytes } });

function authorizeLibrary(token: string, bytes: Buffer, folderId: string | null = null, name = 'picture.png') {
  return server.api<Grant>(
    'GetUploadAuthorization',
    {
      ExpiryDate: Math.floor(server.clock.nowMs() / 1000) + 3600,
      FileName: name,
      FileType: 'image/png',
      MD5value: md5Hex(bytes),
      Library: { FolderId: folderId, FileSize: bytes.length },
    },
    { token },
  );
}

async function uploadToLibrary(token: string, bytes: Buffer, folderId: string | null = null, name?: string) {
  const grant = await authorizeLibrary(token, bytes, folderId, name);
  expect(grant.RetCode).toBe(0);
  expect((await put(server, grant.Data, bytes)).RetCode).toBe(0);
  return grant.Data.FileId;
}

type Library = {
  Folders: { FolderId: string; Name: string; ItemCount: number }[];
  Items: LibraryItem[];
  Usage: { UsedBytes: number; LimitBytes: number };
};
const library = async (token: string, input: Record<string, unknown> = {}) => {
  const reply = await server.api<Library>('GetLibrary', input, { token });
  expect(reply.RetCode).toBe(0);
  return reply.Data;
};

describe('the library space', () => {
  it('has the documented default and counts what is stored', async () => {
    const tenant = await freshTenant(server);
    expect((await library(tenant.token)).Usage).toEqual({ UsedBytes: 0, LimitBytes: LIBRARY_DEFAULT_SPACE_BYTES });
    await uploadToLibrary(tenant.token, pngBytes(3000));
    const after = await library(tenant.token);
    expect(after.Usage.UsedBytes).toBe(3000);
    expect(after.Items).toHaveLength(1);
    expect(after.Items[0]).toMatchObject({ Kind: 'image', Size: 3000, FolderId: null, Name: 'picture.png' });
  });

  it('refuses with 17202 at the authorisation, before any byte is sent, and deleting frees space', async () => {
    const tenant = await freshTenant(server);
    await limitOf(tenant.id, 5000);
    await uploadToLibrary(tenant.token, pngBytes(3000));
    const refused = await authorizeLibrary(tenant.token, pngBytes(2500));
    expect(refused.RetCode).toBe(RetCode.LibraryNoSpace);
    expect(refused.RetCode).toBe(17202);
    expect(refused.Message).toMatch(/library is full/i);
    const zh = await server.api(
      'GetUploadAuthorization',
      {
        ExpiryDate: Math.floor(server.clock.nowMs() / 1000) + 3600,
        FileName: 'a.png',
        FileType: 'image/png',
        MD5value: md5Hex(pngBytes(2600)),
        Library: { FileSize: 2600 },
      },
      { token: tenant.token, lang: 'zh' },
    );
    expect(zh.Message).toBe('素材库空间已满，请清理后重试。');
    const { Items } = await library(tenant.token);
    const deleted = await server.api('DeleteLibraryItems', { ItemIds: [Items[0].ItemId] }, { token: tenant.token });
    expect(deleted.RetCode).toBe(0);
    expect((await library(tenant.token)).Usage.UsedBytes).toBe(0);
    await uploadToLibrary(tenant.token, pngBytes(2500));
  });

  it('lets only one of two uploads at once take the last space', async () => {
    const tenant = await freshTenant(server);
    await limitOf(tenant.id, 4000);
    const replies = await Promise.all([
      authorizeLibrary(tenant.token, pngBytes(3000)),
      authorizeLibrary(tenant.token, pngBytes(3001)),
      authorizeLibrary(tenant.token, pngBytes(3002)),
    ]);
    expect(replies.filter((reply) => reply.RetCode === 0)).toHaveLength(1);
    expect(replies.filter((reply) => reply.RetCode === RetCode.LibraryNoSpace)).toHaveLength(2);
    const [usage] = await server.deps.database.db.select().from(libraryUsage).where(eq(libraryUsage.userId, tenant.id));
    expect(usage.usedBytes).toBeLessThanOrEqual(4000);
  });

  it('refuses a PUT that carries more than the reserved size', async () => {
    const tenant = await freshTenant(server);
    const small = pngBytes(200);
    const grant = await authorizeLibrary(tenant.token, small);
    const bigger = pngBytes(5000);
    const reply = await put(server, grant.Data, bigger, {
      'content-md5': Buffer.from(md5Hex(small), 'hex').toString('base64'),
    });
    expect(reply.RetCode).toBe(RetCode.LibraryNoSpace);
    expect((await library(tenant.token)).Items).toHaveLength(0);
  });

  it('gives back the space of an upload authorised and never sent once its authorisation ran out', async () => {
    const tenant = await freshTenant(server);
    await limitOf(tenant.id, 4000);
    expect((await authorizeLibrary(tenant.token, pngBytes(3000))).RetCode).toBe(0);
    expect((await authorizeLibrary(tenant.token, pngBytes(3000))).RetCode).toBe(RetCode.LibraryNoSpace);
    server.clock.advance(2 * 3600 * 1000);
    expect((await authorizeLibrary(tenant.token, pngBytes(3000))).RetCode).toBe(0);
  });
});

describe('folders', () => {
  it('creates, renames with unique names, moves items, searches, filters and deletes after a confirm', async () => {
    const tenant = await freshTenant(server);
    const token = tenant.token;
    const created = await server.api<{ FolderId: string }>('CreateLibraryFolder', { Name: 'Banners' }, { token });
    expect(created.RetCode).toBe(0);
    const other = await server.api<{ FolderId: string }>('CreateLibraryFolder', { Name: 'Logos' }, { token });
    const taken = await server.api('CreateLibraryFolder', { Name: 'banners' }, { token });
    expect(taken.RetCode).toBe(RetCode.ValidationError);
    expect(taken.Data).toMatchObject({ Fields: [{ Field: 'Name' }] });
    const renameTaken = await server.api(
      'RenameLibraryFolder',
      { FolderId: other.Data.FolderId, Name: 'BANNERS' },
      { token },
    );
    expect(renameTaken.RetCode).toBe(RetCode.ValidationError);
    expect(
      (await server.api('RenameLibraryFolder', { FolderId: other.Data.FolderId, Name: 'Brand' }, { token })).RetCode,
    ).toBe(0);

    await uploadToLibrary(token, pngBytes(300), created.Data.FolderId, 'summer-sale.png');
    await uploadToLibrary(token, pngBytes(400), null, 'winter.png');
    const top = await library(token);
    expect(top.Items.map((item) => item.Name)).toEqual(['winter.png']);
    expect(top.Folders.find((f) => f.Name === 'Banners')?.ItemCount).toBe(1);
    const inFolder = await library(token, { FolderId: created.Data.FolderId });
    expect(inFolder.Items.map((item) => item.Name)).toEqual(['summer-sale.png']);
    const found = await library(token, { Keyword: 'SALE' });
    expect(found.Items.map((item) => item.Name)).toEqual(['summer-sale.png']);
    expect((await library(token, { Kind: 'video' })).Items).toHaveLength(0);

    const winter = top.Items[0];
    expect(
      (await server.api('MoveLibraryItems', { ItemIds: [winter.ItemId], FolderId: created.Data.FolderId }, { token }))
        .RetCode,
    ).toBe(0);
    expect(
      (await server.api('RenameLibraryItem', { ItemId: winter.ItemId, Name: 'a-winter.png' }, { token })).RetCode,
    ).toBe(0);
    const sorted = await library(token, { FolderId: created.Data.FolderId, Sort: 'name' });
    expect(sorted.Items.map((item) => item.Name)).toEqual(['a-winter.png', 'summer-sale.png']);

    const notEmpty = await server.api('DeleteLibraryFolder', { FolderId: created.Data.FolderId }, { token });
    expect(notEmpty.RetCode).toBe(RetCode.LibraryFolderNotEmpty);
    expect((await server.api('DeleteLibraryFolder', { FolderId: other.Data.FolderId }, { token })).RetCode).toBe(0);
    const withContents = await server.api(
      'DeleteLibraryFolder',
      { FolderId: created.Data.FolderId, WithContents: true },
      { token },
    );
    expect(withContents.RetCode).toBe(0);
    const after = await library(token);
    expect(after.Folders).toHaveLength(0);
    expect(after.Usage.UsedBytes).toBe(0);
  });

  it('rejects unknown fields and empty names at the field', async () => {
    const tenant = await freshTenant(server);
    const unknown = await server.api('CreateLibraryFolder', { Name: 'x', Admin: true }, { token: tenant.token });
    expect(unknown.RetCode).toBe(RetCode.ValidationError);
    const empty = await server.api('CreateLibraryFolder', { Name: '  ' }, { token: tenant.token });
    expect(empty.Data).toMatchObject({ Fields: [{ Field: 'Name' }] });
  });
});

describe('tenant isolation', () => {
  it('never lets one account see, move, rename or delete what another holds', async () => {
    const owner = await freshTenant(server);
    const stranger = await freshTenant(server);
    const folder = await server.api<{ FolderId: string }>(
      'CreateLibraryFolder',
      { Name: 'Private' },
      { token: owner.token },
    );
    await uploadToLibrary(owner.token, pngBytes(500), folder.Data.FolderId);
    const [item] = (await library(owner.token, { FolderId: folder.Data.FolderId })).Items;
    expect((await library(stranger.token, { Keyword: 'picture' })).Items).toHaveLength(0);
    for (const [action, input] of [
      ['GetLibrary', { FolderId: folder.Data.FolderId }],
      ['RenameLibraryFolder', { FolderId: folder.Data.FolderId, Name: 'Mine' }],
      ['DeleteLibraryFolder', { FolderId: folder.Data.FolderId, WithContents: true }],
      ['RenameLibraryItem', { ItemId: item.ItemId, Name: 'mine.png' }],
      ['MoveLibraryItems', { ItemIds: [item.ItemId], FolderId: null }],
      ['DeleteLibraryItems', { ItemIds: [item.ItemId] }],
    ] as const) {
      expect((await server.api(action, input, { token: stranger.token })).RetCode, action).toBe(RetCode.NotFound);
    }
    // A stranger's folder cannot receive the owner's upload either.
    const intoOther = await authorizeLibrary(stranger.token, pngBytes(100), folder.Data.FolderId);
    expect(intoOther.RetCode).toBe(RetCode.NotFound);
    // The public address serves the file to anyone who has it, and stops when the item is deleted.
    const publicPath = new URL(item.PublicURL).pathname;
    expect((await server.app.request(publicPath)).status).toBe(200);
    await server.api('DeleteLibraryItems', { ItemIds: [item.ItemId] }, { token: owner.token });
    expect((await server.app.request(publicPath)).status).toBe(404);
  });
});

describe('logos', () => {
  it("adds logos from stored images, keeps one default and refuses another tenant's file", async () => {
    const owner = await freshTenant(server);
    const stranger = await freshTenant(server);
    const first = await uploadToLibrary(owner.token, pngBytes(100));
    const second = await uploadToLibrary(owner.token, pngBytes(120));
    const a = await server.api<{ LogoId: string; IsDefault: boolean }>(
      'AddLogo',
      { FileId: first },
      { token: owner.token },
    );
    const b = await server.api<{ LogoId: string; IsDefault: boolean }>(
      'AddLogo',
      { FileId: second },
      { token: owner.token },
    );
    expect([a.Data.IsDefault, b.Data.IsDefault]).toEqual([true, false]);
    expect((await server.api('SetDefaultLogo', { LogoId: b.Data.LogoId }, { token: owner.token })).RetCode).toBe(0);
    const list = await server.api<{ Logos: { LogoId: string; IsDefault: boolean }[] }>(
      'ListLogos',
      {},
      { token: owner.token },
    );
    expect(list.Data.Logos.filter((logo) => logo.IsDefault).map((logo) => logo.LogoId)).toEqual([b.Data.LogoId]);
    expect((await server.api('AddLogo', { FileId: first }, { token: stranger.token })).RetCode).toBe(
      RetCode.ValidationError,
    );
    expect((await server.api('DeleteLogo', { LogoId: a.Data.LogoId }, { token: stranger.token })).RetCode).toBe(
      RetCode.NotFound,
    );
    expect((await server.api('DeleteLogo', { LogoId: a.Data.LogoId }, { token: owner.token })).RetCode).toBe(0);
  });
});

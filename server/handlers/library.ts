import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { HandlerMap, UserContext } from '../context';
import { files, logos } from '../db/schema';
import { ApiError, fieldError, notFound } from '../errors';
import { footerSettings } from '../email/footer';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { newPublicId } from '../lib/ids';
import { unix } from '../lib/time';
import { fileStoreFromEnv } from '../providers/storage';
import { mediaUrl, uploadSecret } from '../uploads/signing';
import {
  createFolder,
  deleteFolder,
  deleteItems,
  listFolders,
  listItems,
  moveItems,
  ownedFolder,
  renameFolder,
  renameItem,
  usageOf,
} from '../library/store';
import { libraryKindOf, LOGO_MAX_BYTES, LOGO_MAX_COUNT, type Logo } from '../../src/gateway/contract/actions/library';

// The content library and logos (docs/decisions.md "Library and logos"): thin over server/library; every
// read and write is scoped to the caller's account.

const nowSeconds = (ctx: UserContext) => Math.floor(ctx.clock.nowMs() / 1000);

async function logosOf(ctx: UserContext): Promise<Logo[]> {
  const secret = await uploadSecret(ctx.db);
  const rows = await ctx.db
    .select()
    .from(logos)
    .where(eq(logos.userId, ctx.user.id))
    .orderBy(desc(logos.isDefault), asc(logos.createdAt));
  return rows.map((row) => ({
    LogoId: row.logoId,
    FileId: row.fileId,
    Name: row.name,
    IsDefault: row.isDefault,
    CreateTime: unix(row.createdAt),
    MediaURL: mediaUrl(secret, row.fileId, nowSeconds(ctx)),
  }));
}

async function ownedLogo(ctx: UserContext, logoId: string) {
  const [row] = await ctx.db
    .select()
    .from(logos)
    .where(and(eq(logos.userId, ctx.user.id), eq(logos.logoId, logoId)));
  if (!row) throw notFound();
  return row;
}

export const libraryHandlers: HandlerMap = {
  async GetLibrary(input, ctx) {
    const folder = input.FolderId ? await ownedFolder(ctx.db, ctx.user.id, input.FolderId) : null;
    const [folders, items, usage, secret] = await Promise.all([
      listFolders(ctx.db, ctx.user.id),
      listItems(ctx.db, ctx.user.id, {
        folder: folder?.id ?? null,
        keyword: input.Keyword || undefined,
        kind: input.Kind,
        sort: input.Sort,
        everywhere: input.Everywhere,
      }),
      usageOf(ctx.db, ctx.user.id),
      uploadSecret(ctx.db),
    ]);
    const origin = new URL(ctx.origin).origin;
    return {
      Folders: folders.map((f) => ({ FolderId: f.folderId, Name: f.name, ItemCount: Number(f.itemCount) })),
      Items: items.map((item) => ({
        ItemId: item.itemId,
        FileId: item.fileId,
        Name: item.name,
        Kind: libraryKindOf(item.contentType),
        ContentType: item.contentType,
        Size: item.size,
        FolderId: item.folderPublicId,
        CreateTime: unix(item.createdAt),
        MediaURL: mediaUrl(secret, item.fileId, nowSeconds(ctx)),
        PublicURL: `${origin}/m/${item.publicKey}`,
      })),
      Usage: usage,
    };
  },
  async CreateLibraryFolder(input, ctx) {
    return { FolderId: await createFolder(ctx.db, ctx.user.id, input.Name, ctx.clock.now()) };
  },
  async RenameLibraryFolder(input, ctx) {
    await renameFolder(ctx.db, ctx.user.id, input.FolderId, input.Name);
    return {};
  },
  async DeleteLibraryFolder(input, ctx) {
    await deleteFolder(ctx.db, fileStoreFromEnv(), ctx.user.id, input.FolderId, input.WithContents ?? false);
    return {};
  },
  async RenameLibraryItem(input, ctx) {
    await renameItem(ctx.db, ctx.user.id, input.ItemId, input.Name);
    return {};
  },
  async MoveLibraryItems(input, ctx) {
    await moveItems(ctx.db, ctx.user.id, input.ItemIds, input.FolderId);
    return {};
  },
  async DeleteLibraryItems(input, ctx) {
    await deleteItems(ctx.db, fileStoreFromEnv(), ctx.user.id, input.ItemIds);
    return {};
  },
  async ListLogos(_input, ctx) {
    return { Logos: await logosOf(ctx) };
  },
  async AddLogo(input, ctx) {
    const [file] = await ctx.db
      .select()
      .from(files)
      .where(and(eq(files.id, input.FileId), eq(files.userId, ctx.user.id), eq(files.status, 'stored')));
    // Another tenant's FileId is "not found" like a made-up one.
    if (!file) throw fieldError('FileId', 'validation:logoFileRequired');
    if (!file.contentType.startsWith('image/') || (file.size ?? 0) > LOGO_MAX_BYTES)
      throw fieldError('FileId', 'validation:logoImage');
    const [{ count }] = await ctx.db
      .select({ count: sql<number>`COUNT(*)::int` })
      .from(logos)
      .where(eq(logos.userId, ctx.user.id));
    if (Number(count) >= LOGO_MAX_COUNT) throw fieldError('FileId', 'validation:logoTooMany');
    const logoId = newPublicId('LG');
    await ctx.db
      .insert(logos)
      .values({
        logoId,
        userId: ctx.user.id,
        fileId: file.id,
        name: file.name,
        // the first logo is the default
        isDefault: Number(count) === 0,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing();
    const added = (await logosOf(ctx)).find((logo) => logo.FileId === file.id);
    if (!added) throw notFound();
    return added;
  },
  async SetDefaultLogo(input, ctx) {
    const logo = await ownedLogo(ctx, input.LogoId);
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(logos)
        .set({ isDefault: false })
        .where(and(eq(logos.userId, ctx.user.id), eq(logos.isDefault, true)));
      await tx.update(logos).set({ isDefault: true }).where(eq(logos.id, logo.id));
    });
    return {};
  },
  async DeleteLogo(input, ctx) {
    const logo = await ownedLogo(ctx, input.LogoId);
    // A logo the e-mail footer names is refused; a footer on 'default' follows the default (none when gone).
    if ((await footerSettings(ctx.db, ctx.user.id)).logo === logo.logoId)
      throw new ApiError(
        RetCode.LogoInEmailFooter,
        {},
        { Fields: [{ Field: 'LogoId', Key: 'errors:LogoInEmailFooter' }] },
      );
    await ctx.db.delete(logos).where(eq(logos.id, logo.id));
    return {};
  },
};

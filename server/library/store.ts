import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, ilike, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { files, libraryFolders, libraryItems, libraryUsage, logos, type LibraryItemRow } from '../db/schema';
import { ApiError, fieldError, notFound } from '../errors';
import { newPublicId } from '../lib/ids';
import type { FileStore } from '../providers/storage';
import { RetCode } from '../../src/gateway/contract/retcodes';
import {
  LIBRARY_DEFAULT_SPACE_BYTES,
  type LibraryKind,
  type LibrarySort,
} from '../../src/gateway/contract/actions/library';

// The content library of an account (tenant: user_id on every read and write). Space is counted in
// library_usage: an upload reserves its size there when it is authorised, in one conditional UPDATE.

/** Gives back the space of library uploads authorised but never stored before their authorisation ran out. */
async function releaseAbandoned(db: Db, userId: number, now: Date): Promise<void> {
  await db.execute(sql`
    WITH gone AS (
      DELETE FROM library_items li USING files f
      WHERE li.user_id = ${userId} AND f.id = li.file_id AND f.status = 'authorized' AND f.expires_at < ${now}
      RETURNING li.size
    )
    UPDATE library_usage SET used_bytes = used_bytes - (SELECT COALESCE(SUM(size), 0) FROM gone)
    WHERE user_id = ${userId} AND EXISTS (SELECT 1 FROM gone)`);
}

/**
 * Reserves `size` bytes of the account's space, or refuses with 17202. The check and the raise are one
 * UPDATE: its row lock makes a second upload at once wait and then see the raised figure (PostgreSQL
 * re-checks the WHERE on the updated row), so two tabs cannot both pass the limit.
 */
export async function reserveLibrarySpace(db: Db, userId: number, size: number, now: Date): Promise<void> {
  await releaseAbandoned(db, userId, now);
  await db.insert(libraryUsage).values({ userId }).onConflictDoNothing();
  const raised = await db
    .update(libraryUsage)
    .set({ usedBytes: sql`${libraryUsage.usedBytes} + ${size}` })
    .where(
      and(
        eq(libraryUsage.userId, userId),
        sql`${libraryUsage.usedBytes} + ${size} <= COALESCE(${libraryUsage.limitBytes}, ${LIBRARY_DEFAULT_SPACE_BYTES})`,
      ),
    )
    .returning({ used: libraryUsage.usedBytes });
  if (raised.length === 0) throw new ApiError(RetCode.LibraryNoSpace);
}

/** The library item an authorised upload will become (shown once the upload is stored). */
export async function addReservedItem(
  db: Db,
  item: {
    userId: number;
    fileId: string;
    folderId: number | null;
    name: string;
    contentType: string;
    size: number;
    now: Date;
  },
): Promise<void> {
  await db.insert(libraryItems).values({
    itemId: newPublicId('LI'),
    userId: item.userId,
    fileId: item.fileId,
    folderId: item.folderId,
    name: item.name,
    contentType: item.contentType,
    size: item.size,
    publicKey: randomBytes(18).toString('base64url'),
    createdAt: item.now,
  });
}

/** The reserved size of a library upload (the most its PUT may carry), or null for other uploads. */
export async function reservedSizeOf(db: Db, fileId: string): Promise<number | null> {
  const [row] = await db.select({ size: libraryItems.size }).from(libraryItems).where(eq(libraryItems.fileId, fileId));
  return row?.size ?? null;
}

export async function usageOf(db: Db, userId: number): Promise<{ UsedBytes: number; LimitBytes: number }> {
  const [row] = await db.select().from(libraryUsage).where(eq(libraryUsage.userId, userId));
  return { UsedBytes: row?.usedBytes ?? 0, LimitBytes: row?.limitBytes ?? LIBRARY_DEFAULT_SPACE_BYTES };
}

export async function ownedFolder(db: Db, userId: number, folderId: string) {
  const [row] = await db
    .select()
    .from(libraryFolders)
    .where(and(eq(libraryFolders.userId, userId), eq(libraryFolders.folderId, folderId)));
  if (!row) throw notFound();
  return row;
}

export async function listFolders(db: Db, userId: number) {
  return db
    .select({
      folderId: libraryFolders.folderId,
      name: libraryFolders.name,
      itemCount: sql<number>`(SELECT COUNT(*)::int FROM library_items li JOIN files f ON f.id = li.file_id
        WHERE li.folder_id = library_folders.id AND f.status = 'stored')`,
    })
    .from(libraryFolders)
    .where(eq(libraryFolders.userId, userId))
    .orderBy(asc(sql`lower(${libraryFolders.name})`));
}

const KIND_FILTER: Record<LibraryKind, SQL> = {
  image: like(libraryItems.contentType, 'image/%'),
  video: like(libraryItems.contentType, 'video/%'),
  file: sql`${libraryItems.contentType} NOT LIKE 'image/%' AND ${libraryItems.contentType} NOT LIKE 'video/%'`,
};
const SORTS: Record<LibrarySort, SQL[]> = {
  newest: [desc(libraryItems.createdAt), desc(libraryItems.id)],
  oldest: [asc(libraryItems.createdAt), asc(libraryItems.id)],
  name: [asc(sql`lower(${libraryItems.name})`), asc(libraryItems.id)],
  size: [desc(libraryItems.size), desc(libraryItems.id)],
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Stored items of one folder (null: the top level), or of every folder when a keyword is given. */
export async function listItems(
  db: Db,
  userId: number,
  options: { folder: number | null; keyword?: string; kind?: LibraryKind; sort?: LibrarySort; everywhere?: boolean },
): Promise<(LibraryItemRow & { folderPublicId: string | null })[]> {
  const where: SQL[] = [eq(libraryItems.userId, userId), eq(files.status, 'stored')];
  if (options.keyword) where.push(ilike(libraryItems.name, `%${escapeLike(options.keyword)}%`));
  else if (!options.everywhere)
    where.push(options.folder === null ? isNull(libraryItems.folderId) : eq(libraryItems.folderId, options.folder));
  if (options.kind) where.push(KIND_FILTER[options.kind]);
  const rows = await db
    .select({ item: libraryItems, folderPublicId: libraryFolders.folderId })
    .from(libraryItems)
    .innerJoin(files, eq(files.id, libraryItems.fileId))
    .leftJoin(libraryFolders, eq(libraryFolders.id, libraryItems.folderId))
    .where(and(...where))
    .orderBy(...SORTS[options.sort ?? 'newest'])
    .limit(1000);
  return rows.map((row) => ({ ...row.item, folderPublicId: row.folderPublicId }));
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  /23505|unique/i.test(String((error as { code?: string }).code ?? (error as Error).message));

export async function createFolder(db: Db, userId: number, name: string, now: Date): Promise<string> {
  const folderId = newPublicId('LF');
  try {
    await db.insert(libraryFolders).values({ folderId, userId, name, createdAt: now });
  } catch (error) {
    if (isUniqueViolation(error) || isUniqueViolation((error as { cause?: unknown }).cause))
      throw fieldError('Name', 'validation:libraryFolderNameTaken');
    throw error;
  }
  return folderId;
}

export async function renameFolder(db: Db, userId: number, folderId: string, name: string): Promise<void> {
  const folder = await ownedFolder(db, userId, folderId);
  const [clash] = await db
    .select({ id: libraryFolders.id })
    .from(libraryFolders)
    .where(and(eq(libraryFolders.userId, userId), sql`lower(${libraryFolders.name}) = lower(${name})`));
  if (clash && clash.id !== folder.id) throw fieldError('Name', 'validation:libraryFolderNameTaken');
  await db.update(libraryFolders).set({ name }).where(eq(libraryFolders.id, folder.id));
}

/** Items of the account among `itemIds` (any other tenant's id is "not found"). */
async function ownedItems(db: Db, userId: number, itemIds: string[]) {
  const rows = await db
    .select()
    .from(libraryItems)
    .where(and(eq(libraryItems.userId, userId), inArray(libraryItems.itemId, itemIds)));
  if (rows.length !== new Set(itemIds).size) throw notFound();
  return rows;
}

export async function renameItem(db: Db, userId: number, itemId: string, name: string): Promise<void> {
  const [item] = await ownedItems(db, userId, [itemId]);
  await db.update(libraryItems).set({ name }).where(eq(libraryItems.id, item.id));
}

export async function moveItems(db: Db, userId: number, itemIds: string[], folderId: string | null): Promise<void> {
  const folder = folderId === null ? null : await ownedFolder(db, userId, folderId);
  const items = await ownedItems(db, userId, itemIds);
  await db
    .update(libraryItems)
    .set({ folderId: folder?.id ?? null })
    .where(
      inArray(
        libraryItems.id,
        items.map((item) => item.id),
      ),
    );
}

/** Deletes items, frees their space and removes their bytes (a failing store leaves only space behind). */
async function dropItems(db: Db, store: FileStore, userId: number, items: LibraryItemRow[]): Promise<void> {
  if (items.length === 0) return;
  const fileIds = items.map((item) => item.fileId);
  const keys = await db.transaction(async (tx) => {
    const gone = await tx
      .delete(libraryItems)
      .where(
        and(
          eq(libraryItems.userId, userId),
          inArray(
            libraryItems.id,
            items.map((item) => item.id),
          ),
        ),
      )
      .returning({ size: libraryItems.size });
    const freed = gone.reduce((sum, row) => sum + row.size, 0);
    await tx
      .update(libraryUsage)
      .set({ usedBytes: sql`GREATEST(0, ${libraryUsage.usedBytes} - ${freed})` })
      .where(eq(libraryUsage.userId, userId));
    return tx
      .delete(files)
      .where(and(eq(files.userId, userId), inArray(files.id, fileIds)))
      .returning({ key: files.storageKey });
  });
  for (const { key } of keys) {
    if (key) await store.remove(key).catch((error) => console.error(`[library] removing ${key}`, error));
  }
}

export async function deleteItems(db: Db, store: FileStore, userId: number, itemIds: string[]): Promise<void> {
  await dropItems(db, store, userId, await ownedItems(db, userId, itemIds));
}

export async function deleteFolder(
  db: Db,
  store: FileStore,
  userId: number,
  folderId: string,
  withContents: boolean,
): Promise<void> {
  const folder = await ownedFolder(db, userId, folderId);
  const inside = await db.select().from(libraryItems).where(eq(libraryItems.folderId, folder.id));
  if (inside.length > 0 && !withContents) throw new ApiError(RetCode.LibraryFolderNotEmpty);
  await dropItems(db, store, userId, inside);
  await db.delete(libraryFolders).where(eq(libraryFolders.id, folder.id));
}

/** The item behind a public address, if its upload is stored. */
/** A logo's public address (docs/decisions.md "Logos in QR codes and e-mail footers"): same /m/ route. */
export async function publicLogo(db: Db, publicKey: string) {
  const [row] = await db
    .select({ item: { name: logos.name }, file: files })
    .from(logos)
    .innerJoin(files, eq(files.id, logos.fileId))
    .where(and(eq(logos.publicKey, publicKey), eq(files.status, 'stored')));
  return row ?? null;
}

export async function publicItem(db: Db, publicKey: string) {
  const [row] = await db
    .select({ item: libraryItems, file: files })
    .from(libraryItems)
    .innerJoin(files, eq(files.id, libraryItems.fileId))
    .where(and(eq(libraryItems.publicKey, publicKey), eq(files.status, 'stored')));
  return row ?? null;
}

import { and, eq, isNull } from 'drizzle-orm';
import { aigcTasks, files } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { addReservedItem, reserveLibrarySpace } from '../library/store';
import { libraryItems } from '../db/schema';
import type { GenerationDeps } from './generations';
import { ownedGeneration } from './generations';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { AIGC_STATUS } from '../../src/gateway/contract/actions/aigc';

// "Save to library" (SaveAIGCDesignToLibrary): a succeeded design becomes a library item of its own, a copy of
// the image (deleting the item later leaves the design whole), counted against the library's space (17202
// when full). Saving twice gives the same item.

const libraryFileIdOf = (taskId: string) => `${taskId}-library`;

export async function saveDesignToLibrary(
  deps: Pick<GenerationDeps, 'db' | 'store'>,
  userId: number,
  taskId: string,
  now: Date,
) {
  const design = await ownedGeneration(deps.db, userId, taskId);
  if (design.libraryItemId) return design.libraryItemId;
  if (design.status !== AIGC_STATUS.Succeeded || !design.fileId) throw new ApiError(RetCode.AigcNotReady);
  const [image] = await deps.db.select().from(files).where(eq(files.id, design.fileId));
  const stored = image?.storageKey ? await deps.store.read(image.storageKey) : null;
  if (!image || !stored) throw notFound();
  const bytes = Buffer.from(await new Response(stored.stream).arrayBuffer());
  const fileId = libraryFileIdOf(taskId);
  const key = `${userId}/${fileId}`;
  return deps.db.transaction(async (tx) => {
    // One save at a time per design: the row lock makes a second click wait, then find the item.
    const [locked] = await tx.select().from(aigcTasks).where(eq(aigcTasks.id, design.id)).for('update');
    if (locked.libraryItemId) return locked.libraryItemId;
    await reserveLibrarySpace(tx, userId, bytes.length, now);
    const target = await deps.store.begin(key);
    try {
      await target.write(bytes);
    } catch (error) {
      await target.discard();
      throw error;
    }
    await target.commit();
    await tx
      .insert(files)
      .values({ ...image, id: fileId, storageKey: key, createdAt: now, expiresAt: now, storedAt: now })
      .onConflictDoNothing();
    await addReservedItem(tx, {
      userId,
      fileId,
      folderId: null,
      name: `${design.prompt.slice(0, 60)}.${image.contentType === 'image/jpeg' ? 'jpg' : 'png'}`,
      contentType: image.contentType,
      size: bytes.length,
      now,
    });
    const [item] = await tx
      .select({ itemId: libraryItems.itemId })
      .from(libraryItems)
      .where(eq(libraryItems.fileId, fileId));
    await tx
      .update(aigcTasks)
      .set({ libraryItemId: item.itemId })
      .where(and(eq(aigcTasks.id, design.id), isNull(aigcTasks.libraryItemId)));
    return item.itemId;
  });
}

import { and, eq } from 'drizzle-orm';
import { imageSize } from 'image-size';
import type { Db } from '../db/database';
import { files } from '../db/schema';
import type { FileStore } from '../providers/storage';

// An uploaded image's facts read from its own bytes (image-size reads PNG, JPEG, GIF, WebP and BMP headers),
// never from its name or declared type (GetImageInfo, the AI image reference check).

export interface StoredImage {
  fileId: string;
  storageKey: string;
  /** The type the bytes say: png, jpg, gif, webp, bmp. */
  type: string;
  contentType: string;
  width: number;
  height: number;
  size: number;
  bytes: Buffer;
}

/** The caller's stored file as an image, or null when it is not theirs, not stored, or not an image. */
export async function storedImage(
  db: Db,
  store: FileStore,
  userId: number,
  fileId: string,
): Promise<StoredImage | null> {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.userId, userId), eq(files.status, 'stored')));
  if (!file?.storageKey) return null;
  const stored = await store.read(file.storageKey);
  if (!stored) return null;
  const bytes = Buffer.from(await new Response(stored.stream).arrayBuffer());
  try {
    const { width, height, type } = imageSize(bytes);
    if (!width || !height || !type) return null;
    return {
      fileId: file.id,
      storageKey: file.storageKey,
      type,
      contentType: file.contentType,
      width,
      height,
      size: bytes.length,
      bytes,
    };
  } catch {
    return null;
  }
}

import { and, eq } from 'drizzle-orm';
import { imageSize } from 'image-size';
import type { Db } from '../db/database';
import { files } from '../db/schema';
import { ApiError } from '../errors';
import type { FileStore } from '../providers/storage';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { TG_IMAGE_ISSUE_KEYS, TG_IMAGE_TYPES, TG_LIMITS, tgImageIssue } from '../../src/gateway/contract/telegram';

// A post's image, checked on the server as the upload field checks it in the console (spec 001 §5:
// under 5 MB, width + height at most 10,000 px, ratio at most 20). The size comes from the stored file
// row, the dimensions from the file's own header (image-size reads PNG, JPEG, GIF and WebP headers).

type FileRow = typeof files.$inferSelect;

const refuse = (key: string) =>
  new ApiError(RetCode.TelegramImageRefused, {}, { Fields: [{ Field: 'ImageFileId', Key: key }] });

async function bytesOf(store: FileStore, key: string): Promise<Uint8Array> {
  const stored = await store.read(key);
  if (!stored) throw refuse('validation:tgImageMissing');
  return new Uint8Array(await new Response(stored.stream).arrayBuffer());
}

/** The caller's stored image, or a refusal at ImageFileId with the rule it breaks. */
export async function checkedPostImage(db: Db, store: FileStore, userId: number, fileId: string): Promise<FileRow> {
  const [file] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.userId, userId), eq(files.status, 'stored')));
  if (!file?.storageKey) throw refuse('validation:tgImageMissing');
  if (!(TG_IMAGE_TYPES as readonly string[]).includes(file.contentType)) throw refuse('validation:tgImageType');
  const size = file.size ?? 0;
  // Too large is refused before the bytes are read.
  if (size > TG_LIMITS.imageMaxBytes) throw refuse(TG_IMAGE_ISSUE_KEYS.size);
  let dimensions: { width: number; height: number };
  try {
    dimensions = imageSize(await bytesOf(store, file.storageKey));
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw refuse('validation:tgImageType');
  }
  const issue = tgImageIssue({ size, width: dimensions.width, height: dimensions.height });
  if (issue) throw refuse(TG_IMAGE_ISSUE_KEYS[issue]);
  return file;
}

import { randomBytes } from 'node:crypto';
import { files } from '../../db/schema';
import type { HandlerMap } from '../../context';
import type { Db } from '../../db/database';
import { UPLOAD_AUTH_TTL_SECONDS, UPLOAD_TYPES } from '../../../src/gateway/contract/actions/upload-rules';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { and, eq } from 'drizzle-orm';
import { ApiError, notFound } from '../../errors';
import { mediaUrl, signUpload, uploadSecret } from '../../uploads/signing';
import { addReservedItem, ownedFolder, reserveLibrarySpace } from '../../library/store';
import { LIBRARY_UPLOAD_ACCEPT } from '../../../src/gateway/contract/actions/upload-rules';

/** Grace for the browser's clock running a little ahead of the server's. */
const CLOCK_SLACK_SECONDS = 300;

export const uploadHandlers: HandlerMap = {
  async GetUploadAuthorization({ ExpiryDate, FileName, FileType, MD5value, Library }, ctx) {
    const nowSeconds = Math.floor(ctx.clock.nowMs() / 1000);
    if (ExpiryDate <= nowSeconds) throw new ApiError(RetCode.UploadExpired);
    const lower = FileName.toLowerCase();
    if (!UPLOAD_TYPES[FileType].some((ending) => lower.endsWith(ending)))
      throw new ApiError(RetCode.UploadTypeNotAllowed);
    // Never longer than the spec's hour, whatever the browser asked for.
    const expires = Math.min(ExpiryDate, nowSeconds + UPLOAD_AUTH_TTL_SECONDS + CLOCK_SLACK_SECONDS);
    const fileId = randomBytes(12).toString('base64url');
    const md5 = MD5value.toLowerCase();
    const row = {
      id: fileId,
      userId: ctx.user.id,
      name: FileName,
      contentType: FileType,
      md5,
      status: 'authorized' as const,
      createdAt: ctx.clock.now(),
      expiresAt: new Date(expires * 1000),
    };
    if (Library) {
      // A library file: its space is reserved now, before a byte is sent (17202 when it would not fit).
      if (!LIBRARY_UPLOAD_ACCEPT.includes(FileType)) throw new ApiError(RetCode.UploadTypeNotAllowed);
      const folder = Library.FolderId ? await ownedFolder(ctx.db, ctx.user.id, Library.FolderId) : null;
      await ctx.db.transaction(async (transaction) => {
        // as in money/cards.ts: drizzle's transaction type is not assignable to Db, though it offers the same calls
        const tx = transaction as unknown as Db;
        await reserveLibrarySpace(tx, ctx.user.id, Library.FileSize, ctx.clock.now());
        await tx.insert(files).values(row);
        await addReservedItem(tx, {
          userId: ctx.user.id,
          fileId,
          folderId: folder?.id ?? null,
          name: FileName,
          contentType: FileType,
          size: Library.FileSize,
          now: ctx.clock.now(),
        });
      });
    } else {
      await ctx.db.insert(files).values(row);
    }
    const secret = await uploadSecret(ctx.db);
    return {
      Authorization: signUpload(secret, { fileId, userId: ctx.user.id, md5, contentType: FileType, expires }),
      Address: `/files/upload/${fileId}`,
      FileId: fileId,
      MediaURL: mediaUrl(secret, fileId, nowSeconds),
    };
  },
  async GetMediaFileSign({ FileId }, ctx) {
    const [file] = await ctx.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.id, FileId), eq(files.userId, ctx.user.id), eq(files.status, 'stored')));
    if (!file) throw notFound();
    const nowSeconds = Math.floor(ctx.clock.nowMs() / 1000);
    const url = mediaUrl(await uploadSecret(ctx.db), file.id, nowSeconds);
    return { FileId: file.id, MediaURL: url, ExpiryDate: Number(new URL(url, 'http://x').searchParams.get('expires')) };
  },
};

import { randomBytes } from 'node:crypto';
import { files } from '../../db/schema';
import type { HandlerMap } from '../../context';
import { UPLOAD_AUTH_TTL_SECONDS, UPLOAD_TYPES } from '../../../src/gateway/contract/actions/upload-rules';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { ApiError } from '../../errors';
import { mediaUrl, signUpload, uploadSecret } from '../../uploads/signing';

/** Grace for the browser's clock running a little ahead of the server's. */
const CLOCK_SLACK_SECONDS = 300;

export const uploadHandlers: HandlerMap = {
  async GetUploadAuthorization({ ExpiryDate, FileName, FileType, MD5value }, ctx) {
    const nowSeconds = Math.floor(ctx.clock.nowMs() / 1000);
    if (ExpiryDate <= nowSeconds) throw new ApiError(RetCode.UploadExpired);
    const lower = FileName.toLowerCase();
    if (!UPLOAD_TYPES[FileType].some((ending) => lower.endsWith(ending)))
      throw new ApiError(RetCode.UploadTypeNotAllowed);
    // Never longer than the spec's hour, whatever the browser asked for.
    const expires = Math.min(ExpiryDate, nowSeconds + UPLOAD_AUTH_TTL_SECONDS + CLOCK_SLACK_SECONDS);
    const fileId = randomBytes(12).toString('base64url');
    const md5 = MD5value.toLowerCase();
    await ctx.db.insert(files).values({
      id: fileId,
      userId: ctx.user.id,
      name: FileName,
      contentType: FileType,
      md5,
      status: 'authorized',
      createdAt: ctx.clock.now(),
      expiresAt: new Date(expires * 1000),
    });
    const secret = await uploadSecret(ctx.db);
    return {
      Authorization: signUpload(secret, { fileId, userId: ctx.user.id, md5, contentType: FileType, expires }),
      Address: `/files/upload/${fileId}`,
      FileId: fileId,
      MediaURL: mediaUrl(secret, fileId, nowSeconds),
    };
  },
};

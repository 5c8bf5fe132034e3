import { z } from 'zod';
import { defineAction } from './define';
import { unixSecondsField } from '../validators';
import { MAX_UPLOAD_BYTES, UPLOAD_TYPES } from './upload-rules';

export * from './upload-rules';

/**
 * The spec's upload authorisation call has no name (spec 000 §7): Herald calls it
 * GetUploadAuthorization (docs/decisions.md, "Uploads").
 */
export const uploadActions = {
  GetUploadAuthorization: defineAction(
    'user',
    z
      .object({
        /** unix seconds, one hour ahead */
        ExpiryDate: unixSecondsField.positive(),
        FileName: z.string().trim().min(1, 'validation:fileNameRequired').max(200, 'validation:fileNameTooLong'),
        FileType: z.string().refine((type) => Object.hasOwn(UPLOAD_TYPES, type), 'validation:fileTypeNotAllowed'),
        MD5value: z.string().regex(/^[0-9a-f]{32}$/i, 'validation:md5Invalid'),
        /**
         * A file for the content library: its size is reserved against the account's space here, before
         * any byte is sent (17202 when it would not fit); the PUT may not carry more than this.
         */
        Library: z
          .object({
            FolderId: z
              .string()
              .trim()
              .regex(/^LF[0-9A-Z]{16}$/, 'validation:invalid')
              .nullable()
              .optional(),
            FileSize: z.number().int().min(1, 'validation:invalid').max(MAX_UPLOAD_BYTES, 'validation:invalid'),
          })
          .strict()
          .optional(),
      })
      .strict(),
    z.object({ Authorization: z.string(), Address: z.string(), FileId: z.string(), MediaURL: z.string() }),
  ),
  /**
   * Spec 000 §7 (Marketing row), Herald's shape (docs/decisions.md "Uploads"): a fresh signed read address of one
   * of the caller's stored files, for a post or template opened after its MediaURL expired. Another account's
   * file, or one not stored, is NotFound.
   */
  GetMediaFileSign: defineAction(
    'user',
    z.object({ FileId: z.string().trim().min(1, 'validation:invalid').max(64, 'validation:invalid') }).strict(),
    z.object({ FileId: z.string(), MediaURL: z.string(), ExpiryDate: z.number() }),
  ),
} as const;

import { z } from 'zod';
import { defineAction } from './define';
import { unixSecondsField } from '../validators';
import { UPLOAD_TYPES } from './upload-rules';

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
      })
      .strict(),
    z.object({ Authorization: z.string(), Address: z.string(), FileId: z.string(), MediaURL: z.string() }),
  ),
} as const;

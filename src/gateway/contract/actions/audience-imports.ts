import { z } from 'zod';
import { defineAction } from './define';
import { tagsSchema } from '../audience/contact-fields';
import { IMPORT_CHUNK_ROWS, IMPORT_ROWS_MAX, IMPORT_STATUSES, importTargetsSchema } from '../audience/import-rules';

const importId = z.string().regex(/^IM[A-Za-z0-9]{8,32}$/, 'validation:invalid');

export const importSummarySchema = z.object({
  ImportId: z.string(),
  FileName: z.string(),
  Status: z.enum(IMPORT_STATUSES),
  TotalRows: z.number(),
  ReceivedRows: z.number(),
  ProcessedRows: z.number(),
  Created: z.number(),
  Updated: z.number(),
  Skipped: z.number(),
  /** why a failed import stopped (an i18n key); what was imported before stays and is counted */
  Reason: z.string(),
  CreateTime: z.number(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const audienceImportActions = {
  /** Starts an import: the mapping, the row count, and where the contacts go. Rows follow. */
  CreateContactImport: defineAction(
    'user',
    z
      .object({
        FileName: z.string().trim().min(1, 'validation:fileNameRequired').max(200, 'validation:fileNameTooLong'),
        Targets: importTargetsSchema,
        TotalRows: z
          .number()
          .int()
          .min(1, 'validation:importEmpty')
          .max(IMPORT_ROWS_MAX, 'validation:importTooManyRows'),
        /** 1 when the file's first line named the columns: row numbers in the report count it. */
        HeaderRows: z.union([z.literal(0), z.literal(1)]).default(1),
        ListId: z.number().int().positive().optional(),
        Tags: tagsSchema.default([]),
      })
      .strict(),
    z.object({ ImportId: z.string() }),
  ),
  /** A chunk of rows (cells in the order of Targets). Sending a chunk twice changes nothing. */
  AppendContactImportRows: defineAction(
    'user',
    z
      .object({
        ImportId: importId,
        FirstRow: z.number().int().min(0).max(IMPORT_ROWS_MAX),
        Rows: z
          .array(z.array(z.string().max(1000)).max(120))
          .min(1)
          .max(IMPORT_CHUNK_ROWS),
      })
      .strict(),
    z.object({ ReceivedRows: z.number() }),
    { bodyLimit: 4 * 1_048_576 },
  ),
  /** Every row has arrived: the server's import job takes it from here. */
  StartContactImport: defineAction(
    'user',
    z.object({ ImportId: importId }).strict(),
    z.object({ Import: importSummarySchema }),
  ),
  GetContactImport: defineAction(
    'user',
    z.object({ ImportId: importId }).strict(),
    z.object({ Import: importSummarySchema }),
  ),
  /** The skipped rows as CSV: row number, column, reason in the user's language. */
  GetContactImportErrors: defineAction('user', z.object({ ImportId: importId }).strict(), z.object({}), {
    reply: 'file',
  }),
} as const;

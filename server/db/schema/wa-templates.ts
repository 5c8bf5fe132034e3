import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { WaButton } from '../../../src/gateway/contract/wa-templates';

// WhatsApp templates of migrations/0030_whatsapp_templates.sql (docs/decisions.md "WhatsApp templates").
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const waTemplates = pgTable(
  'wa_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    templateId: text('template_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    wabaId: text('waba_id').notNull().default(''),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull(),
    type: text('type').notNull(),
    headerFormat: text('header_format').notNull(),
    headerText: text('header_text').notNull(),
    headerSample: text('header_sample').notNull(),
    headerMediaFileId: text('header_media_file_id').notNull(),
    body: text('body').notNull(),
    bodySamples: jsonb('body_samples').$type<string[]>().notNull(),
    footer: text('footer').notNull(),
    buttonKind: text('button_kind').notNull(),
    buttons: jsonb('buttons').$type<WaButton[]>().notNull(),
    codeExpiryMinutes: integer('code_expiry_minutes'),
    status: text('status').notNull(),
    rejectReason: text('reject_reason').notNull().default(''),
    platformId: text('platform_id').notNull().default(''),
    requestKey: text('request_key'),
    revision: integer('revision').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [
    uniqueIndex('wa_templates_name_key')
      .on(t.userId, t.name, t.language)
      .where(sql`status <> 'DELETED'`),
    uniqueIndex('wa_templates_request_key').on(t.userId, t.requestKey),
    index('wa_templates_user_idx').on(t.userId, t.createdAt),
  ],
);

export const waSandboxTemplates = pgTable(
  'wa_sandbox_templates',
  {
    id: text('id').primaryKey(),
    wabaRef: text('waba_ref').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull(),
    components: jsonb('components').$type<unknown[]>().notNull(),
    submittedAt: ts('submitted_at').notNull(),
    deleted: boolean('deleted').notNull().default(false),
  },
  (t) => [index('wa_sandbox_templates_ref_idx').on(t.wabaRef, t.name)],
);

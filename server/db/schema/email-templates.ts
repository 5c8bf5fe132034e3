import { bigint, bigserial, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The e-mail template table of migrations/0008_email_templates.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const emailTemplates = pgTable('email_templates', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  templateId: text('template_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  subject: text('subject').notNull(),
  previewText: text('preview_text').notNull().default(''),
  kind: text('kind').notNull(),
  emailType: integer('email_type').notNull(),
  editor: text('editor').notNull(),
  design: text('design').notNull(),
  html: text('html').notNull(),
  textPart: text('text_part').notNull(),
  mergeTags: jsonb('merge_tags').$type<string[]>().notNull().default([]),
  status: integer('status').notNull(),
  rejectReason: text('reject_reason').notNull().default(''),
  revision: integer('revision').notNull().default(1),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  reviewedAt: ts('reviewed_at'),
});

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AttributeValue } from '../../../src/gateway/contract/audience/rules';
import type { SegmentRules } from '../../../src/gateway/contract/audience/segments';

// The audience tables of migrations/0006_audience.sql. Every row carries its account (user_id).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userId = () => bigint('user_id', { mode: 'number' }).notNull();

export const audienceAttributes = pgTable(
  'audience_attributes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userId(),
    name: text('name').notNull(),
    type: integer('type').notNull(),
    source: text('source').$type<'contact' | 'sampling'>().notNull().default('contact'),
    categoryValues: text('category_values').array().notNull().default([]),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('audience_attributes_name_key').on(t.userId, sql`lower(${t.name})`)],
);

export const audienceContacts = pgTable(
  'audience_contacts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userId(),
    email: text('email'),
    phone: text('phone'),
    whatsapp: text('whatsapp'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    attributes: jsonb('attributes').$type<Record<string, AttributeValue>>().notNull().default({}),
    suppressed: text('suppressed').array().notNull().default([]),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('audience_contacts_user_created_idx').on(t.userId, t.createdAt, t.id)],
);

export const audienceLists = pgTable('audience_lists', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: userId(),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const audienceListMembers = pgTable(
  'audience_list_members',
  {
    listId: bigint('list_id', { mode: 'number' }).notNull(),
    contactId: bigint('contact_id', { mode: 'number' }).notNull(),
    addedAt: ts('added_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.contactId] })],
);

export const audienceSegments = pgTable('audience_segments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: userId(),
  name: text('name').notNull(),
  rules: jsonb('rules').$type<SegmentRules>().notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

export const audienceImports = pgTable('audience_imports', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  importId: text('import_id').notNull(),
  userId: userId(),
  fileName: text('file_name').notNull(),
  targets: text('targets').array().notNull(),
  headerRows: integer('header_rows').notNull().default(1),
  listId: bigint('list_id', { mode: 'number' }),
  tags: text('tags').array().notNull().default([]),
  status: text('status').$type<'receiving' | 'queued' | 'importing' | 'done' | 'failed'>().notNull(),
  totalRows: integer('total_rows').notNull(),
  processedRows: integer('processed_rows').notNull().default(0),
  createdCount: integer('created_count').notNull().default(0),
  updatedCount: integer('updated_count').notNull().default(0),
  skippedCount: integer('skipped_count').notNull().default(0),
  reason: text('reason').notNull().default(''),
  createdAt: ts('created_at').notNull(),
  finishedAt: ts('finished_at'),
});

export const audienceImportRows = pgTable(
  'audience_import_rows',
  {
    importId: bigint('import_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

export const audienceImportErrors = pgTable(
  'audience_import_errors',
  {
    importId: bigint('import_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    target: text('target').notNull(),
    errorKey: text('error_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The content library and logos of migrations/0022_library.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Reserved or stored library bytes per account; limitBytes null: LIBRARY_DEFAULT_SPACE_BYTES. */
export const libraryUsage = pgTable('library_usage', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
  limitBytes: bigint('limit_bytes', { mode: 'number' }),
});

export const libraryFolders = pgTable(
  'library_folders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    folderId: text('folder_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('library_folders_folder_id_idx').on(t.folderId),
    uniqueIndex('library_folders_name_idx').on(t.userId, sql`lower(${t.name})`),
  ],
);
export type LibraryFolderRow = typeof libraryFolders.$inferSelect;

export const libraryItems = pgTable(
  'library_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: text('item_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    fileId: text('file_id').notNull(),
    folderId: bigint('folder_id', { mode: 'number' }).references(() => libraryFolders.id),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    publicKey: text('public_key').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('library_items_item_id_idx').on(t.itemId),
    uniqueIndex('library_items_file_id_idx').on(t.fileId),
    uniqueIndex('library_items_public_key_idx').on(t.publicKey),
    index('library_items_user_idx').on(t.userId, t.folderId, t.createdAt.desc()),
  ],
);
export type LibraryItemRow = typeof libraryItems.$inferSelect;

export const logos = pgTable(
  'logos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    logoId: text('logo_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    fileId: text('file_id').notNull(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** the lasting public address /m/<key> (migration 0048), drawn when the logo first goes into a footer */
    publicKey: text('public_key'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('logos_logo_id_idx').on(t.logoId),
    uniqueIndex('logos_public_key_idx').on(t.publicKey),
    uniqueIndex('logos_file_id_idx').on(t.fileId),
    uniqueIndex('logos_default_idx')
      .on(t.userId)
      .where(sql`is_default`),
  ],
);
export type LogoRow = typeof logos.$inferSelect;

/** The e-mail footer of an account (migration 0048): logo 'none', 'default' or a LogoId, and a text line. */
export const emailFooters = pgTable('email_footers', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  logo: text('logo').notNull().default('none'),
  line: text('line').notNull().default(''),
  updatedAt: ts('updated_at').notNull(),
});

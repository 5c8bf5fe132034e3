import { z } from 'zod';
import { defineAction, emptyData } from './define';

// The content library and logos (/tool/library, /tool/logo; issue 16 item 6). The spec names no Actions
// for them: Herald names them (docs/decisions.md "Library and logos"). Files arrive through the ordinary
// upload pipeline: GetUploadAuthorization with `Library` reserves the space before any byte is sent.

/** The space of an account's library when nothing else is set: 1 GiB (docs/decisions.md). */
export const LIBRARY_DEFAULT_SPACE_BYTES = 1_073_741_824;
export const LIBRARY_FOLDER_NAME_MAX = 50;
export const LIBRARY_ITEM_NAME_MAX = 200;
export const LIBRARY_BULK_MAX = 100;
/** A logo is an image of at most 2 MB (it is drawn into QR codes and e-mail footers). */
export const LOGO_MAX_BYTES = 2_097_152;
export const LOGO_MAX_COUNT = 20;

export const LIBRARY_KINDS = ['image', 'video', 'file'] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];
export const LIBRARY_SORTS = ['newest', 'oldest', 'name', 'size'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/** image/* is an image, video/* a video, anything else a file. */
export function libraryKindOf(contentType: string): LibraryKind {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('video/')) return 'video';
  return 'file';
}

export const libraryFolderIdField = z
  .string()
  .trim()
  .regex(/^LF[0-9A-Z]{16}$/, 'validation:invalid');
export const libraryItemIdField = z
  .string()
  .trim()
  .regex(/^LI[0-9A-Z]{16}$/, 'validation:invalid');
export const logoIdField = z
  .string()
  .trim()
  .regex(/^LG[0-9A-Z]{16}$/, 'validation:invalid');

export const libraryFolderNameField = z
  .string()
  .trim()
  .min(1, 'validation:libraryFolderNameRequired')
  .max(LIBRARY_FOLDER_NAME_MAX, 'validation:libraryFolderNameTooLong');
export const libraryItemNameField = z
  .string()
  .trim()
  .min(1, 'validation:fileNameRequired')
  .max(LIBRARY_ITEM_NAME_MAX, 'validation:fileNameTooLong');

const itemIdsField = z
  .array(libraryItemIdField)
  .min(1, 'validation:invalid')
  .max(LIBRARY_BULK_MAX, 'validation:invalid');

export const libraryItemData = z.object({
  ItemId: z.string(),
  FileId: z.string(),
  Name: z.string(),
  Kind: z.enum(LIBRARY_KINDS),
  ContentType: z.string(),
  Size: z.number(),
  FolderId: z.string().nullable(),
  CreateTime: z.number(),
  /** a short-lived signed address for the owner's own previews (one hour) */
  MediaURL: z.string(),
  /** a lasting public address for use in messages (copy the public URL) */
  PublicURL: z.string(),
});
export type LibraryItem = z.infer<typeof libraryItemData>;

export const libraryFolderData = z.object({ FolderId: z.string(), Name: z.string(), ItemCount: z.number() });
export type LibraryFolder = z.infer<typeof libraryFolderData>;

export const libraryUsageData = z.object({ UsedBytes: z.number(), LimitBytes: z.number() });
export type LibraryUsage = z.infer<typeof libraryUsageData>;

export const logoData = z.object({
  LogoId: z.string(),
  FileId: z.string(),
  Name: z.string(),
  IsDefault: z.boolean(),
  CreateTime: z.number(),
  MediaURL: z.string(),
});
export type Logo = z.infer<typeof logoData>;

export const libraryActions = {
  GetLibrary: defineAction(
    'user',
    z
      .object({
        /** the folder shown; absent or null: the top level. A Keyword searches every folder. */
        FolderId: libraryFolderIdField.nullable().optional(),
        Keyword: z.string().trim().max(100).optional(),
        Kind: z.enum(LIBRARY_KINDS).optional(),
        Sort: z.enum(LIBRARY_SORTS).optional(),
        /** true: the files of every folder (the composer's "choose from library") */
        Everywhere: z.boolean().optional(),
      })
      .strict(),
    z.object({ Folders: z.array(libraryFolderData), Items: z.array(libraryItemData), Usage: libraryUsageData }),
  ),
  CreateLibraryFolder: defineAction(
    'user',
    z.object({ Name: libraryFolderNameField }).strict(),
    z.object({ FolderId: z.string() }),
  ),
  RenameLibraryFolder: defineAction(
    'user',
    z.object({ FolderId: libraryFolderIdField, Name: libraryFolderNameField }).strict(),
    emptyData,
  ),
  DeleteLibraryFolder: defineAction(
    'user',
    z
      .object({
        FolderId: libraryFolderIdField,
        /** true: its files go too (after the user confirmed); false refuses a folder that holds files */
        WithContents: z.boolean().optional(),
      })
      .strict(),
    emptyData,
  ),
  RenameLibraryItem: defineAction(
    'user',
    z.object({ ItemId: libraryItemIdField, Name: libraryItemNameField }).strict(),
    emptyData,
  ),
  MoveLibraryItems: defineAction(
    'user',
    z.object({ ItemIds: itemIdsField, FolderId: libraryFolderIdField.nullable() }).strict(),
    emptyData,
  ),
  DeleteLibraryItems: defineAction('user', z.object({ ItemIds: itemIdsField }).strict(), emptyData),
  ListLogos: defineAction('user', z.object({}).strict(), z.object({ Logos: z.array(logoData) })),
  AddLogo: defineAction(
    'user',
    z.object({ FileId: z.string().trim().min(1, 'validation:invalid').max(64, 'validation:invalid') }).strict(),
    logoData,
  ),
  SetDefaultLogo: defineAction('user', z.object({ LogoId: logoIdField }).strict(), emptyData),
  DeleteLogo: defineAction('user', z.object({ LogoId: logoIdField }).strict(), emptyData),
};

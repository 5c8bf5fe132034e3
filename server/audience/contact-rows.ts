import type { audienceContacts } from '../db/schema';
import type { Contact } from '../../src/gateway/contract/audience/contact-fields';
import type { SuppressibleChannel } from '../../src/gateway/contract/audience/rules';

export type ContactRow = typeof audienceContacts.$inferSelect;

const seconds = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);

/** A contact row (drizzle's or a raw row with snake_case names) as the Actions answer it. */
export function contactOf(row: ContactRow): Contact {
  return {
    ContactId: Number(row.id),
    Email: row.email ?? '',
    Phone: row.phone ?? '',
    WhatsApp: row.whatsapp ?? '',
    FirstName: row.firstName,
    LastName: row.lastName,
    Tags: row.tags,
    Attributes: row.attributes,
    Suppressed: row.suppressed as SuppressibleChannel[],
    CreateTime: seconds(row.createdAt),
    UpdateTime: seconds(row.updatedAt),
  };
}

/** A raw SELECT c.* row as drizzle's row shape. */
export function contactRowOf(raw: Record<string, unknown>): ContactRow {
  return {
    id: Number(raw.id),
    userId: Number(raw.user_id),
    email: raw.email as string | null,
    phone: raw.phone as string | null,
    whatsapp: raw.whatsapp as string | null,
    firstName: raw.first_name as string,
    lastName: raw.last_name as string,
    tags: raw.tags as string[],
    attributes: raw.attributes as ContactRow['attributes'],
    suppressed: raw.suppressed as string[],
    createdAt: raw.created_at as Date,
    updatedAt: raw.updated_at as Date,
  };
}

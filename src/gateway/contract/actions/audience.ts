import { z } from 'zod';
import { defineAction, emptyInput } from './define';
import {
  attributeInputSchema,
  attributeSchema,
  contactFieldsSchema,
  contactIdsSchema,
  contactListSchema,
  contactSchema,
  listNameField,
  tagsSchema,
} from '../audience/contact-fields';
import { audienceSegmentActions } from './audience-segments';
import { audienceImportActions } from './audience-imports';
import { tagField } from '../audience/rules';

// Audience (issue 12; spec 000 §2 /audience/ routes, spec 001 §3, §5, §9). The spec shows no audience
// calls: these names and shapes are Herald's (docs/decisions.md, "Audience").

export const CONTACT_ORDER_FIELDS = ['CreateTime', 'Email', 'Phone', 'FirstName', 'LastName'] as const;
export const CONTACT_PAGE_MAX = 200;

const contactId = z.number().int().positive();
const listId = z.number().int().positive();
/** An opaque position in a contact list's order (ListContacts' Next/Previous). */
const contactCursor = z.string().max(300);

export const listContactsInput = z
  .object({
    /** Matches e-mail, phone, WhatsApp, first and last name. */
    Search: z.string().trim().max(100).optional(),
    Tag: z.string().trim().max(64).optional(),
    ListId: listId.optional(),
    SegmentId: z.number().int().positive().optional(),
    OrderBy: z.enum(CONTACT_ORDER_FIELDS).default('CreateTime'),
    OrderType: z.enum(['asc', 'desc']).default('desc'),
    /** Rows to skip, counted in the direction of the scan (from the end with FromEnd or Before). */
    Offset: z.number().int().min(0).default(0),
    Limit: z.number().int().min(1).max(CONTACT_PAGE_MAX).default(100),
    /** Keyset paging: the page starts right after the contact this cursor (a reply's Next) names. */
    After: contactCursor.optional(),
    /** Keyset paging: the page ends right before the contact this cursor (a reply's Previous) names. */
    Before: contactCursor.optional(),
    /** Offset counts from the end of the order (Offset 0 is the last page); rows keep the list's order. */
    FromEnd: z.boolean().optional(),
    /** false: no count (Total answers -1), for the pages after the first of a long list. */
    CountTotal: z.boolean().default(true),
  })
  .strict();
export type ContactQuery = z.input<typeof listContactsInput>;

export const audienceActions = {
  ListContacts: defineAction(
    'user',
    listContactsInput,
    z.object({
      /** Contacts matching the filters; -1 when CountTotal was false. */
      Total: z.number(),
      Contacts: z.array(contactSchema),
      /** Cursors of the last and the first row (After/Before of the next and previous page); '' without rows. */
      Next: z.string(),
      Previous: z.string(),
    }),
  ),
  GetContact: defineAction(
    'user',
    z.object({ ContactId: contactId }).strict(),
    z.object({
      Contact: contactSchema,
      Lists: z.array(z.object({ ListId: z.number(), Name: z.string() })),
      /** The messages sent to the contact on every channel, newest first (at most 50). */
      Messages: z.array(
        z.object({
          Channel: z.string(),
          TaskId: z.string(),
          Content: z.string(),
          State: z.number(),
          SendTime: z.number(),
        }),
      ),
    }),
  ),
  CreateContact: defineAction('user', contactFieldsSchema, z.object({ ContactId: z.number() })),
  UpdateContact: defineAction(
    'user',
    contactFieldsSchema.extend({ ContactId: contactId }).strict(),
    z.object({ ContactId: z.number() }),
  ),
  DeleteContacts: defineAction(
    'user',
    z.object({ ContactIds: contactIdsSchema }).strict(),
    z.object({ Deleted: z.number() }),
  ),
  TagContacts: defineAction(
    'user',
    z.object({ ContactIds: contactIdsSchema, Tags: tagsSchema.min(1, 'validation:tagRequired') }).strict(),
    z.object({ Updated: z.number() }),
  ),
  UntagContacts: defineAction(
    'user',
    z.object({ ContactIds: contactIdsSchema, Tags: tagsSchema.min(1, 'validation:tagRequired') }).strict(),
    z.object({ Updated: z.number() }),
  ),
  /** Spec 000 §7: the account's contact tags. */
  GetCDPTags: defineAction('user', emptyInput, z.object({ Tags: z.array(z.string()) })),

  ListContactAttributes: defineAction('user', emptyInput, z.object({ Attributes: z.array(attributeSchema) })),
  CreateContactAttribute: defineAction('user', attributeInputSchema, z.object({ AttributeId: z.number() })),
  /** The type stays: stored values and segments rely on it. */
  UpdateContactAttribute: defineAction(
    'user',
    attributeInputSchema
      .omit({ Type: true, Source: true })
      .extend({ AttributeId: z.number().int().positive() })
      .strict(),
    z.object({ AttributeId: z.number() }),
  ),
  DeleteContactAttribute: defineAction(
    'user',
    z.object({ AttributeId: z.number().int().positive() }).strict(),
    z.object({ AttributeId: z.number() }),
  ),

  ListContactLists: defineAction('user', emptyInput, z.object({ Lists: z.array(contactListSchema) })),
  GetContactList: defineAction('user', z.object({ ListId: listId }).strict(), z.object({ List: contactListSchema })),
  CreateContactList: defineAction('user', z.object({ Name: listNameField }).strict(), z.object({ ListId: z.number() })),
  RenameContactList: defineAction(
    'user',
    z.object({ ListId: listId, Name: listNameField }).strict(),
    z.object({ ListId: z.number() }),
  ),
  DeleteContactList: defineAction('user', z.object({ ListId: listId }).strict(), z.object({ ListId: z.number() })),
  /** At most 500 contacts at once (spec 001 §9). */
  AddContactsToList: defineAction(
    'user',
    z.object({ ListId: listId, ContactIds: contactIdsSchema }).strict(),
    z.object({ Added: z.number(), ContactCount: z.number() }),
  ),
  RemoveContactsFromList: defineAction(
    'user',
    z.object({ ListId: listId, ContactIds: contactIdsSchema }).strict(),
    z.object({ Removed: z.number(), ContactCount: z.number() }),
  ),
  ...audienceSegmentActions,
  ...audienceImportActions,
} as const;

export { tagField };

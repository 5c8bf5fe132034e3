import { z } from 'zod';
import {
  ATTRIBUTE_SOURCES,
  ATTRIBUTE_TYPES,
  BULK_CONTACTS_MAX,
  SUPPRESSIBLE_CHANNELS,
  TAGS_PER_CONTACT_MAX,
  attributeNameField,
  categoryValueField,
  internationalPhone,
  isValidEmail,
  tagField,
  CATEGORY_VALUES_MAX,
} from './rules';

// The shapes of contacts, attributes and lists in Actions (spec 001 §3).

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'validation:emailInvalid')
  .refine((value) => value === '' || isValidEmail(value), 'validation:emailInvalid');
const optionalPhone = z
  .string()
  .trim()
  .max(32, 'validation:internationalPhoneInvalid')
  .refine((value) => value === '' || internationalPhone(value) !== null, 'validation:internationalPhoneInvalid');
const personName = z.string().trim().max(64, 'validation:nameTooLong');

export const attributeValueSchema = z.union([z.string().max(1000), z.number().finite(), z.boolean()]);
/** Custom attribute values keyed by attribute id; '' removes a value. */
export const attributeValuesSchema = z.record(z.string().regex(/^\d{1,12}$/), attributeValueSchema);

export const contactIdsSchema = z
  .array(z.number().int().positive())
  .min(1, 'validation:contactsRequired')
  .max(BULK_CONTACTS_MAX, 'validation:tooManyContacts');
export const tagsSchema = z.array(tagField).max(TAGS_PER_CONTACT_MAX, 'validation:tooManyTags');
export const suppressedSchema = z.array(z.enum(SUPPRESSIBLE_CHANNELS));

export const contactFieldsSchema = z
  .object({
    Email: optionalEmail.default(''),
    Phone: optionalPhone.default(''),
    WhatsApp: optionalPhone.default(''),
    FirstName: personName.default(''),
    LastName: personName.default(''),
    Tags: tagsSchema.default([]),
    Attributes: attributeValuesSchema.default({}),
    Suppressed: suppressedSchema.default([]),
  })
  .strict();

/** Every contact needs an e-mail, a phone or a WhatsApp number (spec 001 §5). */
export const hasReachableChannel = (c: { Email?: string; Phone?: string; WhatsApp?: string }) =>
  Boolean(c.Email?.trim() || c.Phone?.trim() || c.WhatsApp?.trim());

export const contactSchema = z.object({
  ContactId: z.number(),
  Email: z.string(),
  /** international format without "+": 14155550100 */
  Phone: z.string(),
  WhatsApp: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Tags: z.array(z.string()),
  Attributes: z.record(z.string(), attributeValueSchema),
  Suppressed: z.array(z.enum(SUPPRESSIBLE_CHANNELS)),
  CreateTime: z.number(),
  UpdateTime: z.number(),
});
export type Contact = z.infer<typeof contactSchema>;

export const attributeInputSchema = z
  .object({
    Name: attributeNameField,
    Type: z.union(
      ATTRIBUTE_TYPES.map((t) => z.literal(t)),
      { message: 'validation:attributeTypeRequired' },
    ),
    Source: z.enum(ATTRIBUTE_SOURCES).default('contact'),
    /** Category values (type 4 only). */
    Values: z.array(categoryValueField).max(CATEGORY_VALUES_MAX, 'validation:tooManyValues').default([]),
  })
  .strict();

export const attributeSchema = z.object({
  AttributeId: z.number(),
  Name: z.string(),
  Type: z.union(ATTRIBUTE_TYPES.map((t) => z.literal(t))),
  Source: z.enum(ATTRIBUTE_SOURCES),
  Values: z.array(z.string()),
  CreateTime: z.number(),
});
export type ContactAttribute = z.infer<typeof attributeSchema>;

export const listNameField = z
  .string({ message: 'validation:listNameRequired' })
  .trim()
  .min(1, 'validation:listNameRequired')
  .max(64, 'validation:nameTooLong');

export const contactListSchema = z.object({
  ListId: z.number(),
  Name: z.string(),
  ContactCount: z.number(),
  CreateTime: z.number(),
  UpdateTime: z.number(),
});
export type ContactList = z.infer<typeof contactListSchema>;

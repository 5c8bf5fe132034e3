import { bigint, bigserial, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// The WhatsApp tables of migrations/0027_whatsapp.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userId = () => bigint('user_id', { mode: 'number' }).notNull();

export const waAccounts = pgTable('wa_accounts', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  wabaId: text('waba_id').notNull().unique(),
  name: text('name').notNull(),
  token: text('token').notNull(),
  connectedAt: ts('connected_at').notNull(),
});

export const waSignupStates = pgTable('wa_signup_states', {
  state: text('state').primaryKey(),
  userId: userId(),
  createdAt: ts('created_at').notNull(),
  usedAt: ts('used_at'),
});

export const waNumbers = pgTable(
  'wa_numbers',
  {
    phoneNumberId: text('phone_number_id').primaryKey(),
    userId: userId(),
    wabaId: text('waba_id').notNull(),
    displayPhone: text('display_phone').notNull(),
    displayName: text('display_name').notNull(),
    status: text('status').notNull(),
    quality: text('quality').notNull(),
    tier: text('tier').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('wa_numbers_user_idx').on(t.userId, t.displayPhone)],
);

export type WaSignalKind = 'block' | 'report' | 'conversation';

export const waNumberSignals = pgTable(
  'wa_number_signals',
  {
    phoneNumberId: text('phone_number_id').notNull(),
    userId: userId(),
    kind: text('kind').$type<WaSignalKind>().notNull(),
    ref: text('ref').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.phoneNumberId, t.kind, t.ref] }),
    index('wa_number_signals_at_idx').on(t.phoneNumberId, t.at),
  ],
);

export const waInboundMessages = pgTable(
  'wa_inbound_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userId(),
    phoneNumberId: text('phone_number_id').notNull(),
    waId: text('wa_id').notNull(),
    profileName: text('profile_name').notNull().default(''),
    type: text('type').notNull(),
    text: text('text').notNull().default(''),
    wamid: text('wamid').notNull().unique(),
    sentAt: ts('sent_at').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [index('wa_inbound_messages_user_idx').on(t.userId, t.sentAt)],
);

export const waMessageStatuses = pgTable(
  'wa_message_statuses',
  {
    wamid: text('wamid').notNull(),
    status: text('status').notNull(),
    userId: userId(),
    phoneNumberId: text('phone_number_id').notNull(),
    recipientId: text('recipient_id').notNull().default(''),
    conversationId: text('conversation_id').notNull().default(''),
    origin: text('origin').notNull().default(''),
    error: text('error').notNull().default(''),
    at: ts('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.wamid, t.status] })],
);

export const waWebhookEvents = pgTable('wa_webhook_events', {
  eventKey: text('event_key').primaryKey(),
  receivedAt: ts('received_at').notNull(),
});

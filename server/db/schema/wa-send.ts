import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// WhatsApp sending's tables of migrations/0031_whatsapp_send.sql (docs/decisions.md "WhatsApp sending").
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const userId = () => bigint('user_id', { mode: 'number' }).notNull();

export const waConversations = pgTable(
  'wa_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userId(),
    phoneNumberId: text('phone_number_id').notNull(),
    customer: text('customer').notNull(),
    category: text('category').notNull(),
    direction: text('direction').notNull(),
    openedAt: ts('opened_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('wa_conversations_open_idx').on(t.phoneNumberId, t.customer, t.expiresAt),
    index('wa_conversations_tier_idx').on(t.phoneNumberId, t.direction, t.openedAt),
    index('wa_conversations_user_idx').on(t.userId, t.openedAt.desc()),
  ],
);

export const waSends = pgTable(
  'wa_sends',
  {
    messageKey: text('message_key').primaryKey(),
    userId: userId(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    phoneNumberId: text('phone_number_id').notNull(),
    recipient: text('recipient').notNull(),
    templateName: text('template_name').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull(),
    conversationId: bigint('conversation_id', { mode: 'number' }).notNull(),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
    wamid: text('wamid').notNull().default(''),
    state: text('state').notNull(),
    errorCode: text('error_code').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('wa_sends_wamid_idx').on(t.wamid), index('wa_sends_task_idx').on(t.taskId)],
);

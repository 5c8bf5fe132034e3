import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    cnName: text('cn_name').notNull().default(''),
    enName: text('en_name').notNull().default(''),
    timezone: text('timezone').notNull().default('UTC'),
    registerIp: text('register_ip').notNull().default(''),
    type: integer('type').notNull().default(1),
    upgraded: boolean('upgraded').notNull().default(false),
    administrator: boolean('administrator').notNull().default(true),
    extraPermissions: text('extra_permissions').array().notNull().default([]),
    activatedAt: ts('activated_at'),
    createdAt: ts('created_at').notNull(),
    /** false while the only password is the random one of a social sign-up (docs/decisions.md "Social sign-in") */
    passwordSet: boolean('password_set').notNull().default(true),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** One row per issued token pair; a family is every pair descended from one sign-in. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    familyId: text('family_id').notNull(),
    accessHash: text('access_hash').notNull(),
    refreshHash: text('refresh_hash').notNull(),
    accessExpiresAt: ts('access_expires_at').notNull(),
    refreshExpiresAt: ts('refresh_expires_at').notNull(),
    createdAt: ts('created_at').notNull(),
    rotatedAt: ts('rotated_at'),
    revokedAt: ts('revoked_at'),
    /** the pair this row was rotated into, sealed with a key only its refresh token gives (reuse grace) */
    successorSealed: text('successor_sealed'),
  },
  (t) => [
    uniqueIndex('sessions_access_key').on(t.accessHash),
    uniqueIndex('sessions_refresh_key').on(t.refreshHash),
    index('sessions_family_idx').on(t.familyId),
    index('sessions_user_idx').on(t.userId),
  ],
);

export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    country: text('country').notNull(),
    codeHash: text('code_hash').notNull(),
    sentAt: ts('sent_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [index('phone_codes_phone_idx').on(t.phone, t.country)],
);

/** Single-use keys sent by e-mail: account activation and password reset. */
export const emailKeys = pgTable(
  'email_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    purpose: text('purpose').notNull(),
    keyHash: text('key_hash').notNull(),
    sentAt: ts('sent_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('email_keys_hash_key').on(t.keyHash), index('email_keys_user_idx').on(t.userId, t.purpose)],
);

/** Failed sign-ins, counted per account and per address within a window. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.at), index('login_failures_ip_idx').on(t.ip, t.at)],
);

import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The voice tables of migrations/0006_voice_audio.sql and 0009_voice_templates.sql.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One voice file: the upload it came from (`source_file_id`) and, once the decoder made it, its WAV
 * (`wav_file_id`, a stored row of `files` served by MediaURL like any upload). Status: VOICE_AUDIO_STATUS.
 */
export const voiceAudioFiles = pgTable(
  'voice_audio_files',
  {
    audioId: text('audio_id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    sourceFileId: text('source_file_id').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    status: integer('status').notNull(),
    /** A VOICE_AUDIO_FAIL_REASONS key when Failed. */
    failReason: text('fail_reason').notNull().default(''),
    durationMs: integer('duration_ms').notNull().default(0),
    wavFileId: text('wav_file_id'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('voice_audio_files_user_idx').on(t.userId, t.createdAt),
    index('voice_audio_files_status_idx').on(t.status),
    uniqueIndex('voice_audio_files_source_idx').on(t.sourceFileId),
  ],
);
export type VoiceAudioRow = typeof voiceAudioFiles.$inferSelect;

/** A voice template: a name and a voice file, reviewed in two steps. Status: VOICE_TEMPLATE_STATUS. */
export const voiceTemplates = pgTable(
  'voice_templates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    templateId: text('template_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    audioId: text('audio_id').notNull(),
    remark: text('remark').notNull().default(''),
    status: integer('status').notNull(),
    rejectReason: text('reject_reason').notNull().default(''),
    revision: integer('revision').notNull().default(1),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    reviewedAt: ts('reviewed_at'),
  },
  (t) => [index('voice_templates_user_idx').on(t.userId, t.status, t.createdAt)],
);
export type VoiceTemplateRow = typeof voiceTemplates.$inferSelect;

import { z } from 'zod';
import { defineAction, emptyData } from './define';
import { pageFields } from './sms-common';
import { AUDIO_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from './upload-rules';
import { VOICE_AUDIO_STATUS } from '../statuses';

// Voice files (/vms/audio, spec 001 §5): the Action names are not in the spec; Herald names them in
// the spirit of the SMS ones (docs/decisions.md "Voice audio files"). Times are unix seconds.

export const VOICE_AUDIO_LIMITS = {
  /** "Voice file under 10MB": the upload pipeline's own limit, 10,485,760 bytes. */
  maxBytes: MAX_UPLOAD_BYTES,
  /** "name under 100 characters" */
  maxNameLength: 99,
} as const;

/** Why the decoder failed a file: a key under `vms:audio.reasons` (and FailMessage in the caller's language). */
export const VOICE_AUDIO_FAIL_REASONS = ['notAudio', 'empty', 'sourceMissing'] as const;
export type VoiceAudioFailReason = (typeof VOICE_AUDIO_FAIL_REASONS)[number];
/** The words of each reason, in both languages (the server reads the same locale files). */
export const VOICE_AUDIO_FAIL_KEYS = {
  notAudio: 'validation:audioNotAudio',
  empty: 'validation:audioEmpty',
  sourceMissing: 'validation:audioSourceMissing',
} as const satisfies Record<VoiceAudioFailReason, string>;

const AUDIO_ENDINGS = Object.values(AUDIO_UPLOAD_TYPES).flat();

/** The name a file is listed by: its file name, under 100 characters, with an accepted ending. */
export const voiceAudioNameField = z
  .string({ message: 'validation:audioNameRequired' })
  .trim()
  .min(1, 'validation:audioNameRequired')
  .refine((name) => [...name].length <= VOICE_AUDIO_LIMITS.maxNameLength, 'validation:audioNameTooLong')
  .refine(
    (name) => AUDIO_ENDINGS.some((ending) => name.toLowerCase().endsWith(ending)),
    'validation:audioTypeNotAllowed',
  );

export const voiceAudioIdField = z
  .string()
  .trim()
  .regex(/^VA[0-9A-Za-z]{6,40}$/, 'validation:invalid');

export const voiceAudioData = z.object({
  AudioId: z.string(),
  FileName: z.string(),
  /** VOICE_AUDIO_STATUS: 1 Processing, 2 Success, 3 Failed */
  Status: z.number(),
  /** One of VOICE_AUDIO_FAIL_REASONS when Failed; empty otherwise. */
  FailReason: z.string(),
  /** The reason in the caller's language; empty unless Failed. */
  FailMessage: z.string(),
  /** Milliseconds of the WAV; 0 until it is made. */
  Duration: z.number(),
  /** Bytes of the uploaded file. */
  Size: z.number(),
  CreateTime: z.number(),
  UpdateTime: z.number(),
});
export type VoiceAudio = z.infer<typeof voiceAudioData>;

const listedStatus = z.union([
  z.literal(VOICE_AUDIO_STATUS.Processing),
  z.literal(VOICE_AUDIO_STATUS.Success),
  z.literal(VOICE_AUDIO_STATUS.Failed),
]);

export const vmsAudioActions = {
  /** The voice files of the account, newest first; deleted files are never listed. */
  GetUVMSAudioList: defineAction(
    'user',
    z
      .object({ ...pageFields, Keyword: z.string().trim().max(64).optional(), Status: listedStatus.optional() })
      .strict(),
    z.object({ List: z.array(voiceAudioData), Total: z.number() }),
  ),
  /** Makes a stored upload (GetUploadAuthorization, then its PUT) a voice file; the WAV is made in a job. */
  AddUVMSAudio: defineAction(
    'user',
    z
      .object({
        FileId: z
          .string({ message: 'validation:audioFileRequired' })
          .trim()
          .min(1, 'validation:audioFileRequired')
          .max(64),
        FileName: voiceAudioNameField,
      })
      .strict(),
    z.object({ AudioId: z.string(), Status: z.number() }),
  ),
  /** Deletes a settled file (Success or Failed), as its lifecycle allows. */
  DeleteUVMSAudio: defineAction('user', z.object({ AudioId: voiceAudioIdField }).strict(), emptyData),
  /** A short-lived address of the WAV for the console's player (a MediaURL, like any stored file). */
  GetUVMSAudioPlayUrl: defineAction(
    'user',
    z.object({ AudioId: voiceAudioIdField }).strict(),
    z.object({ Url: z.string(), ContentType: z.string(), Duration: z.number() }),
  ),
} as const;

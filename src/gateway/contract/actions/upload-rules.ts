// Upload rules shared by the upload machine, the views and the server (spec 000 §9, spec 001 §5).
// No zod here: the browser needs these before the schemas load.

/** "max file 10 MB (10,485,760 bytes)" */
export const MAX_UPLOAD_BYTES = 10_485_760;
/** "Upload chunk 2 MB": the file is hashed in 2 MB slices. */
export const HASH_CHUNK_BYTES = 2 * 1024 * 1024;
/** The authorisation asks for ExpiryDate one hour ahead (unix seconds). */
export const UPLOAD_AUTH_TTL_SECONDS = 3_600;
/** A MediaURL for reading a stored file lives this long. */
export const MEDIA_URL_TTL_SECONDS = 3_600;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Voice files (spec 001 §5: WAV, FLAC, WMA, MP3, OGG, AAC, M4A; the spec's "ACC" is AAC): one
 * Content-Type per format, whatever variant a browser reports (audio/x-m4a…), chosen by the ending.
 */
export const AUDIO_UPLOAD_TYPES: Record<string, readonly string[]> = {
  'audio/wav': ['.wav'],
  'audio/flac': ['.flac'],
  'audio/x-ms-wma': ['.wma'],
  'audio/mpeg': ['.mp3'],
  'audio/ogg': ['.ogg'],
  'audio/aac': ['.aac'],
  'audio/mp4': ['.m4a'],
};

/** Videos and documents: taken by the content library only (issue 16 item 6). */
export const LIBRARY_ONLY_UPLOAD_TYPES: Record<string, readonly string[]> = {
  'video/mp4': ['.mp4'],
  'video/webm': ['.webm'],
  'application/pdf': ['.pdf'],
};

/** "Uploads accept images and .xlsx" (and voice files): each Content-Type with the name endings it may carry. */
export const UPLOAD_TYPES: Record<string, readonly string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'image/bmp': ['.bmp'],
  [XLSX]: ['.xlsx'],
  ...AUDIO_UPLOAD_TYPES,
  ...LIBRARY_ONLY_UPLOAD_TYPES,
};

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp'] as const;
export const XLSX_TYPE = XLSX;
export const AUDIO_TYPES = Object.keys(AUDIO_UPLOAD_TYPES);
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
/** The content library's accepted types: images, videos and files (PDF, .xlsx). */
export const LIBRARY_UPLOAD_ACCEPT: readonly string[] = [...IMAGE_TYPES, ...VIDEO_TYPES, 'application/pdf', XLSX];
/** What a file field takes unless it says otherwise: images and .xlsx (voice files only where asked). */
export const DEFAULT_UPLOAD_ACCEPT: readonly string[] = [...IMAGE_TYPES, XLSX];

/** The Content-Type a file will be sent with: its own, or the one its name ending implies. */
export function uploadTypeOf(name: string, declaredType: string): string | undefined {
  const lower = name.toLowerCase();
  if (UPLOAD_TYPES[declaredType]?.some((ending) => lower.endsWith(ending))) return declaredType;
  return Object.keys(UPLOAD_TYPES).find((type) => UPLOAD_TYPES[type].some((ending) => lower.endsWith(ending)));
}

/** 'content': the first bytes are not those of the type its name says (a renamed file); 'name': too long. */
export type UploadRejection = 'type' | 'size' | 'empty' | 'name' | 'content';

/**
 * Checks a file before anything is hashed or sent; `accept` narrows the types (default: images and
 * .xlsx); `maxNameLength` is a field's own limit on the file name (voice files: under 100 characters).
 */
export function checkUpload(
  file: { name: string; type: string; size: number },
  accept: readonly string[] = DEFAULT_UPLOAD_ACCEPT,
  maxBytes = MAX_UPLOAD_BYTES,
  maxNameLength?: number,
): UploadRejection | null {
  const type = uploadTypeOf(file.name, file.type);
  if (!type || !accept.includes(type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > Math.min(maxBytes, MAX_UPLOAD_BYTES)) return 'size';
  if (maxNameLength !== undefined && [...file.name].length > maxNameLength) return 'name';
  return null;
}

/** Content-MD5 as HTTP defines it (RFC 1864): base64 of the 16 digest bytes, from the hex digest. */
export function contentMd5FromHex(hex: string): string {
  const bytes = hex.match(/../g)?.map((pair) => parseInt(pair, 16)) ?? [];
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

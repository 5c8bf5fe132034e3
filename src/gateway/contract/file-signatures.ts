// A file's first bytes against its declared type. The browser checks them before it hashes a file, so a
// text file named .png is refused at once with no retry (issue 18 §8); the upload route checks again.

import { AUDIO_UPLOAD_TYPES } from './actions/upload-rules';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** Whether the first bytes of a file look like its declared type (a renamed file is refused). */
export function looksLike(contentType: string, head: Uint8Array): boolean {
  // A voice file is judged by the decoder instead: one that is not audio is stored and then marked
  // Failed with the reason (spec 001 voice file status 3), which says more than a refused upload.
  if (Object.hasOwn(AUDIO_UPLOAD_TYPES, contentType)) return true;
  switch (contentType) {
    case 'image/png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'image/gif':
      return startsWith(head, [0x47, 0x49, 0x46, 0x38]);
    case 'image/webp':
      return startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8);
    case 'image/bmp':
      return startsWith(head, [0x42, 0x4d]);
    case XLSX:
      // an Office Open XML workbook is a zip archive
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]);
    case 'video/mp4':
      // an ISO base media file: a box size, then 'ftyp'
      return startsWith(head, [0x66, 0x74, 0x79, 0x70], 4);
    case 'video/webm':
      return startsWith(head, [0x1a, 0x45, 0xdf, 0xa3]);
    case 'application/pdf':
      return startsWith(head, [0x25, 0x50, 0x44, 0x46]);
    default:
      return false;
  }
}

/** Bytes needed to decide. */
export const SNIFF_BYTES = 12;

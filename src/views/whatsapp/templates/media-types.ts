import { IMAGE_TYPES, VIDEO_TYPES } from '../../../gateway/contract/actions/upload-rules';

/** The sample file a media header takes, by its format. */
export const WA_MEDIA_ACCEPT: Record<string, readonly string[]> = {
  IMAGE: IMAGE_TYPES,
  VIDEO: VIDEO_TYPES,
  DOCUMENT: ['application/pdf'],
};

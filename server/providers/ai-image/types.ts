import type { AigcCategory, AigcIndustry } from '../../../src/gateway/contract/actions/aigc';

// Herald's way to an AI image service (docs/decisions.md "Creative material and AI images"): one request,
// one PNG or JPEG back, or an AiImageError with a reason the console can show.

export interface AiImageRequest {
  prompt: string;
  width: number;
  height: number;
  category: AigcCategory;
  industry: AigcIndustry;
  /** The reference image's bytes (PNG or JPEG) and its type, when the image starts from one. */
  reference?: { bytes: Buffer; contentType: string };
  /** With a reference: what to change. */
  optimization?: string;
  signal?: AbortSignal;
}

export interface AiImageResult {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
}

/** Reasons a generation fails, each with a text in library:creative.reasons. */
export type AiImageFailure = 'refused' | 'unavailable' | 'badAnswer';

export class AiImageError extends Error {
  constructor(
    readonly reason: AiImageFailure,
    detail: string,
  ) {
    super(detail);
  }
}

export interface AiImageProvider {
  readonly kind: 'sandbox' | 'openai-compatible';
  generate(request: AiImageRequest): Promise<AiImageResult>;
}

import { z } from 'zod';
import { AiImageError, type AiImageProvider } from './types';

// An OpenAI-compatible images service: POST {baseUrl}/images/generations with the prompt and size, asking for
// base64 (b64_json). A reference image and the changes go into the prompt as words (the generations endpoint
// takes no image; an edits endpoint differs between services). Every failure is an AiImageError.

export interface OpenAiImageOptions {
  /** HERALD_AI_IMAGE_BASE_URL, e.g. https://api.openai.com/v1 */
  baseUrl: string;
  /** HERALD_AI_IMAGE_KEY */
  apiKey?: string;
  /** HERALD_AI_IMAGE_MODEL */
  model: string;
  /** HERALD_AI_IMAGE_TIMEOUT_MS, 120 s by default */
  timeoutMs?: number;
}

const answer = z.object({ data: z.array(z.object({ b64_json: z.string().min(1) })).min(1) });

export function openAiCompatibleImageProvider(options: OpenAiImageOptions): AiImageProvider {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/images/generations`;
  return {
    kind: 'openai-compatible',
    async generate(request) {
      const prompt = [
        request.prompt,
        `Style: a ${request.category} image for the ${request.industry} industry.`,
        request.optimization ? `Change from the reference: ${request.optimization}` : '',
      ]
        .filter(Boolean)
        .join('\n');
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 120_000);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: options.model,
            prompt,
            n: 1,
            size: `${request.width}x${request.height}`,
            response_format: 'b64_json',
          }),
          signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
        });
      } catch (error) {
        throw new AiImageError('unavailable', `image service unreachable: ${String(error)}`);
      }
      if (response.status === 400) throw new AiImageError('refused', `image service refused: ${response.status}`);
      if (!response.ok) throw new AiImageError('unavailable', `image service answered ${response.status}`);
      const parsed = answer.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new AiImageError('badAnswer', 'image service answer is not b64_json');
      const bytes = Buffer.from(parsed.data.data[0].b64_json, 'base64');
      const png = bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
      if (!png && !jpeg) throw new AiImageError('badAnswer', 'image service answer is not a PNG or JPEG');
      return { bytes, contentType: png ? 'image/png' : 'image/jpeg' };
    },
  };
}

import type { AiLanguage, AiTone } from '../../../src/gateway/contract/actions/ai-text';

// Herald's way to an AI text service (docs/decisions.md "AI text"). One request shape for every AI
// writing feature; `purpose` says what to write and so what the structured result holds. Only e-mail
// exists today; SMS, ad and writing-helper purposes add members here.

export type AiPurpose = 'email';

export interface AiTextRequest {
  purpose: AiPurpose;
  /** What the user asked for, in their words (2-2000 characters, checked by the contract). */
  brief: string;
  language: AiLanguage;
  tone: AiTone;
  /** Aborts the generation (a timeout, the server stopping). */
  signal?: AbortSignal;
}

/** An e-mail draft as a provider answers it: not yet sanitised or clipped (the domain does both). */
export interface AiEmailResult {
  subject: string;
  previewText: string;
  html: string;
}

/** A provider's refusal or failure: every kind answers RetCode AiGenerationFailed to the user. */
export class AiTextError extends Error {
  constructor(
    readonly kind: 'failed' | 'timeout' | 'malformed',
    message: string,
  ) {
    super(message);
    this.name = 'AiTextError';
  }
}

export interface AiTextProvider {
  readonly name: 'sandbox' | 'openai-compatible';
  generate(request: AiTextRequest): Promise<AiEmailResult>;
}

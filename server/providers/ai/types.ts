import type { AiLanguage, AiTone } from '../../../src/gateway/contract/actions/ai-text';

// Herald's way to an AI text service (docs/decisions.md "AI text"). One request shape for every AI
// writing feature; `purpose` says what to write and so what the structured result holds: an e-mail
// (/email/message/email-ai), a marketing plan's strategy (/mkthub/createplan) or a campaign's SMS text
// (/campaign/create/sms-ai, ContentGeneration). Ad and writing-helper purposes add members here.

/** What a marketing plan is for, as the plan form set it (purpose 'plan'). */
export interface AiPlanFacts {
  aim: 'acquisition' | 'activation';
  industry: string;
  productCategory: string;
  type: string;
  /** The plan's channels, in the order chosen ('sms', 'mms', 'email'). */
  channels: string[];
}

export interface AiTextRequest<P extends AiPurpose = AiPurpose> {
  purpose: P;
  /** What the user asked for, in their words (2-2000 characters, checked by the contract). */
  brief: string;
  language: AiLanguage;
  tone: AiTone;
  /** Purpose 'plan': the plan's settings. */
  plan?: AiPlanFacts;
  /** Purpose 'sms': what the campaign is for (acquisition by default). */
  aim?: AiPlanFacts['aim'];
  /** Aborts the generation (a timeout, the server stopping). */
  signal?: AbortSignal;
}

/** An e-mail draft as a provider answers it: not yet sanitised or clipped (the domain does both). */
export interface AiEmailResult {
  subject: string;
  previewText: string;
  html: string;
}

/** A plan's strategy as a provider answers it: not yet clipped or checked against the plan's channels. */
export interface AiPlanResult {
  goal: string;
  audience: string;
  steps: { channel: string; day: number; text: string }[];
}

/** An SMS text as a provider answers it: not yet cleaned or fitted to the SMS parts (the domain does both). */
export interface AiSmsResult {
  text: string;
}

/** A Facebook ad's copy (purpose 'ad', /advertising/facebook/ad-generate): not yet clipped (the domain does). */
export interface AiAdResult {
  primaryText: string;
  headline: string;
  description: string;
}

/** The structured result of each purpose. */
export interface AiResults {
  email: AiEmailResult;
  plan: AiPlanResult;
  sms: AiSmsResult;
  ad: AiAdResult;
}
export type AiPurpose = keyof AiResults;

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
  generate<P extends AiPurpose>(request: AiTextRequest<P>): Promise<AiResults[P]>;
}

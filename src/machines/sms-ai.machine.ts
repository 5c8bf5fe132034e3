import { call } from '../gateway/client/call';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import { aiTextActions } from '../gateway/contract/actions/ai-text';
import { SMS_LIMITS, SMS_TEMPLATE_PURPOSE, SMS_TEMPLATE_STATUS } from '../gateway/contract/sms-constants';
import {
  createAiDraftMachine,
  statusAfterReview,
  type AiCampaign,
  type AiDraftContext,
  type SaveRequest,
  type SavedDraft,
} from './ai-draft';

// AI SMS of /campaign/create/sms-ai/{name}/{aim} (issue 14 item 5): the shared AI draft workflow
// (./ai-draft) with an SMS text from ContentGeneration, saved as a marketing SMS template; `use` waits for
// its review so the campaign's SMS editor can take it (docs/decisions.md "Campaigns from AI").

export interface SmsDraft extends Record<string, string> {
  Content: string;
}
export type SmsAiContext = AiDraftContext<SmsDraft>;

const generateSchema = aiTextActions.ContentGeneration.input;
export const validateSmsBrief = (context: Pick<SmsAiContext, 'brief' | 'language' | 'tone'>): FieldErrors =>
  fieldErrorsOf(
    generateSchema,
    { Brief: context.brief, Language: context.language, Tone: context.tone },
    { Brief: 'brief' },
  );

/**
 * An SMS template name from the campaign's (SMS template names allow letters, digits and _ + - { } .
 * only, at most 64 characters): "AI-" and the name with every other character as "_".
 */
export const smsTemplateNameOf = (campaign: AiCampaign | null) =>
  `AI-${(campaign?.name.trim() || 'SMS').replace(/[^\p{L}\p{N}_+\-{}.]/gu, '_')}`.slice(0, SMS_LIMITS.templateNameMax);

const reviewing = (status: number) =>
  status === SMS_TEMPLATE_STATUS.PendingReview || status === SMS_TEMPLATE_STATUS.InReview;

async function saveSmsDraft({
  input,
  signal,
}: {
  input: SaveRequest<SmsDraft>;
  signal: AbortSignal;
}): Promise<SavedDraft> {
  const created = await call(
    'CreateUSMSTemplate',
    {
      TemplateName: smsTemplateNameOf(input.campaign),
      Purpose: SMS_TEMPLATE_PURPOSE.Marketing,
      Language: input.language,
      Content: input.draft.Content,
    },
    { signal },
  );
  const status = await statusAfterReview(
    input.intent,
    created.Status,
    reviewing,
    async () => (await call('GetUSMSTemplate', { TemplateId: created.TemplateId }, { signal, silent: true })).Status,
    signal,
  );
  return { intent: input.intent, templateId: created.TemplateId, status };
}

export const smsAiMachine = createAiDraftMachine<SmsDraft>({
  id: 'smsAi',
  validate: validateSmsBrief,
  generate: async ({ input, signal }) => {
    const data = await call(
      'ContentGeneration',
      { Brief: input.Brief, Language: input.Language, Tone: input.Tone, Aim: input.campaign?.aim ?? 1 },
      { signal, silent: true, timeoutMs: 120_000 },
    );
    return { Draft: { Content: data.Content }, Usage: data.Usage };
  },
  save: saveSmsDraft,
});

import { call } from '../gateway/client/call';
import { fieldErrorsOf, type FieldErrors } from '../gateway/contract/field-errors';
import { aiTextActions, type EmailDraft } from '../gateway/contract/actions/ai-text';
import { EMAIL_TEMPLATE_STATUS, EMAIL_TYPE } from '../gateway/contract/email/template-rules';
import {
  createAiDraftMachine,
  statusAfterReview,
  type AiDraftContext,
  type SaveRequest,
  type SavedDraft,
} from './ai-draft';

// AI e-mail of /email/message/email-ai (issue 13 item 8) and /campaign/create/email-ai: the shared AI
// draft workflow (./ai-draft) with an e-mail draft (subject, preview text and HTML), GenerateEmailContent
// and an e-mail template (docs/decisions.md "AI text").

export type DraftField = keyof EmailDraft & string;
export type { SaveIntent, SavedDraft } from './ai-draft';
export type EmailAiContext = AiDraftContext<EmailDraft>;

const generateSchema = aiTextActions.GenerateEmailContent.input;
export const validateBrief = (context: Pick<EmailAiContext, 'brief' | 'language' | 'tone'>): FieldErrors =>
  fieldErrorsOf(
    generateSchema,
    { Brief: context.brief, Language: context.language, Tone: context.tone },
    { Brief: 'brief' },
  );

/** A template name from the subject (template names are at most 64 characters). */
export const templateNameOf = (subject: string) => `AI: ${subject}`.slice(0, 64);

const reviewing = (status: number) =>
  status === EMAIL_TEMPLATE_STATUS.PendingReview || status === EMAIL_TEMPLATE_STATUS.InReview;

async function saveDraft({
  input,
  signal,
}: {
  input: SaveRequest<EmailDraft>;
  signal: AbortSignal;
}): Promise<SavedDraft> {
  const created = await call(
    'CreateEmailTemplate',
    {
      TemplateName: templateNameOf(input.draft.Subject),
      Subject: input.draft.Subject,
      PreviewText: input.draft.PreviewText,
      Kind: 'batch',
      EmailType: EMAIL_TYPE.Market,
      Editor: 'richText',
      Design: '',
      Html: input.draft.Html,
    },
    { signal },
  );
  const status = await statusAfterReview(
    input.intent,
    created.Status,
    reviewing,
    async () => (await call('GetEmailTemplate', { TemplateId: created.TemplateId }, { signal, silent: true })).Status,
    signal,
  );
  return { intent: input.intent, templateId: created.TemplateId, status };
}

export const emailAiMachine = createAiDraftMachine<EmailDraft>({
  id: 'emailAi',
  validate: validateBrief,
  generate: ({ input, signal }) =>
    call(
      'GenerateEmailContent',
      { Brief: input.Brief, Language: input.Language, Tone: input.Tone },
      { signal, silent: true, timeoutMs: 120_000 },
    ),
  save: saveDraft,
});

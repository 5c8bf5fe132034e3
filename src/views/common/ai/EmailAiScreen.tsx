import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { aiTextKeys } from '../../../gateway/client/queries/ai-text';
import { emailTemplateKeys } from '../../../gateway/client/queries/email-templates';
import type { AiLanguage } from '../../../gateway/contract/actions/ai-text';
import { EMAIL_TEMPLATE_STATUS } from '../../../gateway/contract/statuses';
import type { AiCampaign } from '../../../machines/ai-draft';
import { emailAiMachine, templateNameOf } from '../../../machines/email-ai.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { AiBriefCard } from './AiBriefCard';
import { AiDraftActions } from './AiDraftActions';
import { EmailDraftEditor } from './EmailDraftEditor';

const reviewOf = (status: number) =>
  status === EMAIL_TEMPLATE_STATUS.Passed
    ? 'passed'
    : status === EMAIL_TEMPLATE_STATUS.Rejected
      ? 'rejected'
      : 'inReview';

/**
 * A brief becomes an e-mail draft (emailAi machine), edited, then used or saved: /email/message/email-ai
 * goes on to /email/sending, /campaign/create/email-ai/{name}/{aim} to the campaign's e-mail editor.
 */
export function EmailAiScreen({
  title,
  campaign,
  hrefOfUse,
  notify,
}: {
  title: string;
  campaign?: AiCampaign;
  /** Where a used draft goes once its template passed review. */
  hrefOfUse: (templateId: string) => string;
  /** The shell's notification (common views do not reach the shell). */
  notify: (message: string) => void;
}) {
  const { t, i18n } = useTranslation('emailSend');
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const language: AiLanguage = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const actor = useActorRef(emailAiMachine, { input: { language, campaign }, inspect: inspectActor });
  const step = useSelector(actor, (s) => String(s.value));
  const context = useSelector(actor, (s) => s.context);
  const { draft, saved } = context;
  const canUse = useSelector(actor, (s) => s.can({ type: 'draft.use' }));
  const canSave = useSelector(actor, (s) => s.can({ type: 'draft.save' }));

  useEffect(() => {
    if (step === 'generated' || step === 'quotaExhausted')
      void client.invalidateQueries({ queryKey: aiTextKeys.usage() });
    if (step !== 'saved' || !saved) return;
    void client.invalidateQueries({ queryKey: emailTemplateKeys.all });
    if (saved.intent === 'use' && saved.status === EMAIL_TEMPLATE_STATUS.Passed) navigate(hrefOfUse(saved.templateId));
    else if (saved.intent === 'save') notify(t('ai.savedTemplate', { name: templateNameOf(draft?.Subject ?? '') }));
  }, [step, saved, draft?.Subject, client, navigate, notify, t, hrefOfUse]);

  const savedName = templateNameOf(draft?.Subject ?? '');

  return (
    <PageFrame title={title} description={t('ai.subtitle')} testId="email-ai">
      <div className="flex flex-col gap-6">
        <AiBriefCard
          step={step}
          context={context}
          send={actor.send}
          labels={{
            card: t('ai.briefCard'),
            placeholder: t('ai.briefPlaceholder'),
            generating: t('ai.generating'),
            failedTitle: t('ai.failedTitle'),
          }}
        />
        <Card title={t('ai.draftCard')}>
          {draft ? (
            <>
              <EmailDraftEditor
                draft={draft}
                disabled={step === 'generating' || step === 'saving'}
                onEdit={(field, value) => actor.send({ type: 'draft.edit', field, value })}
              />
              <AiDraftActions
                step={step}
                error={context.error}
                saved={saved}
                intent={context.intent}
                canUse={canUse}
                canSave={canSave}
                savedName={savedName}
                templateHref="/email/template"
                review={reviewOf}
                useHint={t('ai.useHint')}
                inReviewText={t('ai.inReview', { name: savedName })}
                onUse={() => actor.send({ type: 'draft.use' })}
                onSave={() => actor.send({ type: 'draft.save' })}
              />
            </>
          ) : (
            <p className="text-sm text-slate-500">{t('ai.empty')}</p>
          )}
        </Card>
      </div>
    </PageFrame>
  );
}

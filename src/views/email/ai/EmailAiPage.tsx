import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { aiTextKeys, aiUsageQuery } from '../../../gateway/client/queries/ai-text';
import { emailTemplateKeys } from '../../../gateway/client/queries/email-templates';
import { AI_LANGUAGES, AI_TEXT_LIMITS, AI_TONES, type AiLanguage } from '../../../gateway/contract/actions/ai-text';
import { EMAIL_TEMPLATE_STATUS } from '../../../gateway/contract/statuses';
import { emailAiMachine, templateNameOf } from '../../../machines/email-ai.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { useText } from '../../common/useText';
import { useNotify } from '../../shell/actors';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { Select } from '../../ui/Select';
import { Textarea } from '../../ui/Textarea';
import { DraftEditor } from './DraftEditor';
import { GenerationProgress } from './GenerationProgress';

const linkClass = 'font-medium text-brand-700 underline';

function UsageLine({ used, limit }: { used?: number; limit?: number }) {
  const { t } = useTranslation('emailSend');
  const usage = useQuery(aiUsageQuery());
  const shown = used !== undefined ? { Used: used, Limit: limit ?? 0 } : usage.data;
  return (
    <p className="text-sm text-slate-600" data-testid="ai-usage">
      {shown ? t('ai.usage', { used: shown.Used, limit: shown.Limit }) : t('ai.usageLoading')}
    </p>
  );
}

/** /email/message/email-ai: a brief becomes an e-mail draft (emailAi machine), edited, then used or saved. */
export default function EmailAiPage() {
  const { t, i18n } = useTranslation('emailSend');
  const text = useText();
  const notify = useNotify();
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const language: AiLanguage = i18n.language.startsWith('zh') ? 'zh' : 'en';
  const actor = useActorRef(emailAiMachine, { input: { language }, inspect: inspectActor });
  const step = useSelector(actor, (s) => String(s.value));
  const context = useSelector(actor, (s) => s.context);
  const { draft, saved, error } = context;
  const busy = step === 'generating' || step === 'saving';
  const canUse = useSelector(actor, (s) => s.can({ type: 'draft.use' }));
  const canSave = useSelector(actor, (s) => s.can({ type: 'draft.save' }));

  useEffect(() => {
    if (step === 'generated' || step === 'quotaExhausted')
      void client.invalidateQueries({ queryKey: aiTextKeys.usage() });
    if (step !== 'saved' || !saved) return;
    void client.invalidateQueries({ queryKey: emailTemplateKeys.all });
    if (saved.intent === 'use' && saved.status === EMAIL_TEMPLATE_STATUS.Passed)
      navigate(`/email/sending?templateId=${saved.templateId}`);
    else if (saved.intent === 'save') notify(t('ai.savedTemplate', { name: templateNameOf(draft?.Subject ?? '') }));
  }, [step, saved, draft?.Subject, client, navigate, notify, t]);

  const generate = () => actor.send({ type: draft ? 'draft.regenerate' : 'draft.generate' });
  const savedName = templateNameOf(draft?.Subject ?? '');

  return (
    <PageFrame title={t('titles.ai')} description={t('ai.subtitle')} testId="email-ai">
      <div className="flex flex-col gap-6">
        <Card title={t('ai.briefCard')} action={<UsageLine used={context.usage?.Used} limit={context.usage?.Limit} />}>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              generate();
            }}
          >
            <Textarea
              label={t('ai.brief')}
              hint={t('ai.briefHint')}
              placeholder={t('ai.briefPlaceholder')}
              value={context.brief}
              error={text(context.fieldErrors.brief)}
              counter={{ count: context.brief.length, max: AI_TEXT_LIMITS.briefMax }}
              disabled={busy}
              rows={4}
              onValueChange={(value) => actor.send({ type: 'brief.change', value })}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault();
                  generate();
                }
              }}
            />
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <Select
                label={t('ai.language')}
                value={context.language}
                disabled={busy}
                options={AI_LANGUAGES.map((value) => ({ value, label: t(`ai.languages.${value}`) }))}
                onChange={(value) => actor.send({ type: 'language.change', language: value })}
              />
              <Select
                label={t('ai.tone')}
                value={context.tone}
                disabled={busy}
                options={AI_TONES.map((value) => ({ value, label: t(`ai.tones.${value}`) }))}
                onChange={(value) => actor.send({ type: 'tone.change', tone: value })}
              />
            </div>
            {step === 'quotaExhausted' ? (
              <div
                role="alert"
                className="mt-4 rounded-[var(--radius-herald)] bg-amber-50 px-3 py-2 text-sm text-amber-900"
              >
                <p className="font-medium">{t('ai.quotaTitle')}</p>
                <p>{text('errors:AiQuotaUsedUp')}</p>
                <Link href="/bill/subscription" className={linkClass}>
                  {t('ai.upgrade')}
                </Link>
              </div>
            ) : step === 'generating' ? (
              <GenerationProgress onCancel={() => actor.send({ type: 'draft.cancel' })} />
            ) : (
              <div className="mt-4 flex justify-end">
                <Button type="submit" disabled={busy}>
                  {step === 'failed' ? t('ai.tryAgain') : draft ? t('ai.regenerate') : t('ai.generate')}
                </Button>
              </div>
            )}
            {step === 'failed' && error && (
              <div
                role="alert"
                className="mt-4 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800"
              >
                <p className="font-medium">{t('ai.failedTitle')}</p>
                <p>{text(error)}</p>
              </div>
            )}
          </form>
        </Card>

        <Card title={t('ai.draftCard')}>
          {draft ? (
            <>
              <DraftEditor
                draft={draft}
                disabled={busy}
                onEdit={(field, value) => actor.send({ type: 'draft.edit', field, value })}
              />
              {step === 'generated' && error && (
                <p
                  role="alert"
                  className="mt-4 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800"
                >
                  {text(error)}
                </p>
              )}
              {step === 'saving' && (
                <p role="status" className="mt-4 text-sm text-slate-600">
                  {t('ai.saving')}
                </p>
              )}
              {step === 'saved' && saved && saved.intent === 'use' && saved.status !== EMAIL_TEMPLATE_STATUS.Passed && (
                <p role="status" className="mt-4 text-sm text-slate-700">
                  {t(saved.status === EMAIL_TEMPLATE_STATUS.Rejected ? 'ai.rejected' : 'ai.inReview', {
                    name: savedName,
                  })}{' '}
                  <Link href="/email/template" className={linkClass}>
                    {t('ai.openTemplates')}
                  </Link>
                </p>
              )}
              {step === 'saved' && saved?.intent === 'save' && (
                <p role="status" className="mt-4 text-sm text-slate-700">
                  {t('ai.savedTemplate', { name: savedName })}{' '}
                  <Link href="/email/template" className={linkClass}>
                    {t('ai.openTemplates')}
                  </Link>
                </p>
              )}
              <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
                <p className="mr-auto text-xs text-slate-500">{t('ai.useHint')}</p>
                <Button
                  variant="secondary"
                  disabled={!canSave}
                  loading={step === 'saving' && context.intent === 'save'}
                  onClick={() => actor.send({ type: 'draft.save' })}
                >
                  {t('ai.saveTemplate')}
                </Button>
                <Button
                  disabled={!canUse}
                  loading={step === 'saving' && context.intent === 'use'}
                  onClick={() => actor.send({ type: 'draft.use' })}
                >
                  {t('ai.use')}
                </Button>
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-500">{t('ai.empty')}</p>
          )}
        </Card>
      </div>
    </PageFrame>
  );
}

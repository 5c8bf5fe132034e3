import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { aiUsageQuery } from '../../../gateway/client/queries/ai-text';
import {
  AI_LANGUAGES,
  AI_TEXT_LIMITS,
  AI_TONES,
  type AiLanguage,
  type AiTone,
  type AiUsage,
} from '../../../gateway/contract/actions/ai-text';
import type { AiDraftContext, AiDraftEvent } from '../../../machines/ai-draft';
import { useText } from '../useText';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Select } from '../../ui/Select';
import { Textarea } from '../../ui/Textarea';
import { GenerationProgress } from './GenerationProgress';

// The brief half of every AI writing page (an ai-draft machine: emailAi, smsAi): brief, language and
// tone, the generation's wait with its cancel, a failure to try again, and a used-up quota.

export const aiLinkClass = 'font-medium text-brand-700 underline';

function UsageLine({ usage }: { usage: AiUsage | null }) {
  const { t } = useTranslation('emailSend');
  const fetched = useQuery(aiUsageQuery());
  const shown = usage ?? fetched.data;
  return (
    <p className="text-sm text-slate-600" data-testid="ai-usage">
      {shown ? t('ai.usage', { used: shown.Used, limit: shown.Limit }) : t('ai.usageLoading')}
    </p>
  );
}

type BriefEvent = Exclude<AiDraftEvent<string>, { type: 'draft.edit' | 'draft.use' | 'draft.save' }>;

export interface AiBriefCardProps {
  /** The machine's state name (idle, generating, generated, saving, saved, failed, quotaExhausted). */
  step: string;
  context: Pick<AiDraftContext<unknown>, 'brief' | 'language' | 'tone' | 'fieldErrors' | 'usage' | 'error' | 'draft'>;
  send: (event: BriefEvent) => void;
  /** The channel's words: the card's title, the brief's example, the wait and the failure. */
  labels: { card: string; placeholder: string; generating: string; failedTitle: string };
}

export function AiBriefCard({ step, context, send, labels }: AiBriefCardProps) {
  const { t } = useTranslation('emailSend');
  const text = useText();
  const busy = step === 'generating' || step === 'saving';
  const generate = () => send({ type: context.draft ? 'draft.regenerate' : 'draft.generate' });
  return (
    <Card title={labels.card} action={<UsageLine usage={context.usage} />}>
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
          placeholder={labels.placeholder}
          value={context.brief}
          error={text(context.fieldErrors.brief)}
          counter={{ count: context.brief.length, max: AI_TEXT_LIMITS.briefMax }}
          disabled={busy}
          rows={4}
          onValueChange={(value) => send({ type: 'brief.change', value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              generate();
            }
          }}
        />
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Select<AiLanguage>
            label={t('ai.language')}
            value={context.language}
            disabled={busy}
            options={AI_LANGUAGES.map((value) => ({ value, label: t(`ai.languages.${value}`) }))}
            onChange={(value) => send({ type: 'language.change', language: value })}
          />
          <Select<AiTone>
            label={t('ai.tone')}
            value={context.tone}
            disabled={busy}
            options={AI_TONES.map((value) => ({ value, label: t(`ai.tones.${value}`) }))}
            onChange={(value) => send({ type: 'tone.change', tone: value })}
          />
        </div>
        {step === 'quotaExhausted' ? (
          <div
            role="alert"
            className="mt-4 rounded-[var(--radius-herald)] bg-amber-50 px-3 py-2 text-sm text-amber-900"
          >
            <p className="font-medium">{t('ai.quotaTitle')}</p>
            <p>{text('errors:AiQuotaUsedUp')}</p>
            <Link href="/bill/subscription" className={aiLinkClass}>
              {t('ai.upgrade')}
            </Link>
          </div>
        ) : step === 'generating' ? (
          <GenerationProgress message={labels.generating} onCancel={() => send({ type: 'draft.cancel' })} />
        ) : (
          <div className="mt-4 flex justify-end">
            <Button type="submit" disabled={busy}>
              {step === 'failed' ? t('ai.tryAgain') : context.draft ? t('ai.regenerate') : t('ai.generate')}
            </Button>
          </div>
        )}
        {step === 'failed' && context.error && (
          <div role="alert" className="mt-4 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800">
            <p className="font-medium">{labels.failedTitle}</p>
            <p>{text(context.error)}</p>
          </div>
        )}
      </form>
    </Card>
  );
}

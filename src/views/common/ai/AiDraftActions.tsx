import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SaveIntent, SavedDraft } from '../../../machines/ai-draft';
import { useText } from '../useText';
import { Button } from '../../ui/Button';
import { aiLinkClass } from './AiBriefCard';

// Below an AI draft (an ai-draft machine): a save's failure, the wait for the template's review, what
// became of it (saved; in review or rejected after `use`) with a link to the template, and the two buttons.

export interface AiDraftActionsProps {
  step: string;
  error: string | null;
  saved: SavedDraft | null;
  intent: SaveIntent;
  canUse: boolean;
  canSave: boolean;
  /** The template's name as saved. */
  savedName: string;
  /** Where the saved template is seen (its list, or the template itself). */
  templateHref: string;
  /** How the channel's template status reads: passed goes on, rejected or in review stays here. */
  review: (status: number) => 'passed' | 'rejected' | 'inReview';
  useHint: string;
  inReviewText: string;
  onUse: () => void;
  onSave: () => void;
}

export function AiDraftActions(props: AiDraftActionsProps) {
  const { t } = useTranslation('emailSend');
  const text = useText();
  const { step, saved, intent } = props;
  const outcome = saved ? props.review(saved.status) : null;
  return (
    <>
      {step === 'generated' && props.error && (
        <p role="alert" className="mt-4 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800">
          {text(props.error)}
        </p>
      )}
      {step === 'saving' && (
        <p role="status" className="mt-4 text-sm text-slate-600">
          {t('ai.saving')}
        </p>
      )}
      {step === 'saved' && saved?.intent === 'use' && outcome !== 'passed' && (
        <p role="status" className="mt-4 text-sm text-slate-700">
          {outcome === 'rejected' ? t('ai.rejected', { name: props.savedName }) : props.inReviewText}{' '}
          <Link href={props.templateHref} className={aiLinkClass}>
            {t('ai.openTemplates')}
          </Link>
        </p>
      )}
      {step === 'saved' && saved?.intent === 'save' && (
        <p role="status" className="mt-4 text-sm text-slate-700">
          {t('ai.savedTemplate', { name: props.savedName })}{' '}
          <Link href={props.templateHref} className={aiLinkClass}>
            {t('ai.openTemplates')}
          </Link>
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-end gap-2">
        <p className="mr-auto text-xs text-slate-500">{props.useHint}</p>
        <Button
          variant="secondary"
          disabled={!props.canSave}
          loading={step === 'saving' && intent === 'save'}
          onClick={props.onSave}
        >
          {t('ai.saveTemplate')}
        </Button>
        <Button disabled={!props.canUse} loading={step === 'saving' && intent === 'use'} onClick={props.onUse}>
          {t('ai.use')}
        </Button>
      </div>
    </>
  );
}

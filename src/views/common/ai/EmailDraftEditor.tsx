import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { previewEmailTemplateMutation } from '../../../gateway/client/mutations/email-templates';
import type { EmailDraft } from '../../../gateway/contract/actions/ai-text';
import { EMAIL_TEMPLATE_LIMITS } from '../../../gateway/contract/email/template-rules';
import type { DraftField } from '../../../machines/email-ai.machine';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { Textarea } from '../../ui/Textarea';

/** The generated draft, every part editable, with the server-sanitised HTML in a sandboxed frame. */
export function EmailDraftEditor({
  draft,
  disabled,
  onEdit,
}: {
  draft: EmailDraft;
  disabled: boolean;
  onEdit: (field: DraftField, value: string) => void;
}) {
  const { t } = useTranslation('emailSend');
  const preview = useMutation(previewEmailTemplateMutation());
  const { mutate } = preview;
  useEffect(() => {
    // the preview follows the edits once typing pauses
    const timer = setTimeout(() => mutate(draft.Html), 400);
    return () => clearTimeout(timer);
  }, [draft.Html, mutate]);

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="flex flex-col gap-4">
        <TextField
          label={t('ai.subject')}
          value={draft.Subject}
          disabled={disabled}
          maxLength={EMAIL_TEMPLATE_LIMITS.subjectMax}
          onValueChange={(value) => onEdit('Subject', value)}
        />
        <TextField
          label={t('ai.previewText')}
          value={draft.PreviewText}
          disabled={disabled}
          maxLength={EMAIL_TEMPLATE_LIMITS.previewTextMax}
          onValueChange={(value) => onEdit('PreviewText', value)}
        />
        <Textarea
          label={t('ai.html')}
          hint={t('ai.htmlHint')}
          value={draft.Html}
          disabled={disabled}
          rows={12}
          className="font-mono text-xs"
          onValueChange={(value) => onEdit('Html', value)}
        />
      </div>
      <div>
        <h3 className="mb-1 text-sm font-medium text-slate-700">{t('ai.preview')}</h3>
        {preview.isError && (
          <p role="alert" className="mb-2 text-sm text-red-700">
            {t('ai.previewFailed')}
          </p>
        )}
        {preview.data ? (
          <iframe
            title={t('ai.preview')}
            sandbox=""
            srcDoc={preview.data.Html}
            className="h-[28rem] w-full rounded border border-slate-200 bg-white"
          />
        ) : (
          preview.isPending && <Spinner label={t('ai.preview')} />
        )}
      </div>
    </div>
  );
}

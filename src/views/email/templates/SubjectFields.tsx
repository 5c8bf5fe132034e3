import { useTranslation } from 'react-i18next';
import { EMAIL_TEMPLATE_LIMITS } from '../../../gateway/contract/email/template-rules';
import { TextField } from '../../ui/TextField';

/** The subject (with its length counter) and the preview text of an e-mail: the template editor's and the one-off mail's. */
export function SubjectFields({
  subject,
  previewText,
  onChange,
  fieldError,
}: {
  subject: string;
  previewText: string;
  onChange: (field: 'subject' | 'previewText') => (value: string) => void;
  fieldError: (field: string) => string | undefined;
}) {
  const { t } = useTranslation('emailTemplates');
  return (
    <>
      <TextField
        label={t('editor.subject')}
        value={subject}
        onValueChange={onChange('subject')}
        error={fieldError('subject')}
        counter={{ count: subject.trim().length, max: EMAIL_TEMPLATE_LIMITS.subjectMax }}
      />
      <TextField
        label={t('editor.previewText')}
        value={previewText}
        onValueChange={onChange('previewText')}
        error={fieldError('previewText')}
        hint={t('editor.previewTextHint')}
      />
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { smsTemplatesQuery } from '../../../gateway/client/queries/sms';
import { SMS_TEMPLATE_STATUS, SMS_TRIAL_SAMPLE_TEXT } from '../../../gateway/contract/sms-constants';
import { Select } from '../../ui/Select';

/**
 * What a free test message says (issue 18 §11): Herald's sample text or one of the account's approved
 * templates (those without variables: a test message has no recipient data), shown before it is sent.
 */
export function TrialMessageField({ templateId, onChoose }: { templateId: string; onChoose: (id: string) => void }) {
  const { t } = useTranslation('sms');
  const templates = useQuery(smsTemplatesQuery({ Page: 1, NumPerPage: 100, Status: [SMS_TEMPLATE_STATUS.Passed] }));
  const list = templates.data?.Templates ?? [];
  const chosen = list.find((item) => item.TemplateId === templateId && item.VariableCount === 0);
  return (
    <div className="flex flex-col gap-2">
      <Select
        label={t('experience.message')}
        value={chosen ? chosen.TemplateId : ''}
        options={[
          { value: '', label: t('experience.sample') },
          ...list.map((item) => ({
            value: item.TemplateId,
            label: item.TemplateName,
            disabled: item.VariableCount > 0,
            hint: item.VariableCount > 0 ? t('experience.hasVariables') : undefined,
          })),
        ]}
        onChange={onChoose}
        testId="trial-message"
      />
      <figure>
        <figcaption className="mb-1 text-xs text-slate-500">{t('experience.willSend')}</figcaption>
        <blockquote
          className="whitespace-pre-wrap rounded-[var(--radius-herald)] bg-slate-50 px-3 py-2 text-sm text-slate-800"
          data-testid="trial-message-text"
        >
          {chosen ? chosen.Content : SMS_TRIAL_SAMPLE_TEXT}
        </blockquote>
      </figure>
    </div>
  );
}

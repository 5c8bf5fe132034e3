import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { emailSenderListQuery } from '../../../gateway/client/queries/email-domains';
import { emailTemplateQuery } from '../../../gateway/client/queries/email-templates';
import { formatMoney } from '../../../gateway/contract/money';
import { currentRecipients, isAudienceSource } from '../../../machines/sms-send.machine';
import { validRecipients } from '../../../workers/sms-recipients';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import type { EmailSendActor } from './EmailComposeForm';

/** The template's stored (server-sanitised) HTML, shown in a sandboxed frame: no script, no same origin. */
function MailPreview({ templateId }: { templateId: string }) {
  const { t } = useTranslation('emailSend');
  const template = useQuery(emailTemplateQuery(templateId));
  if (!template.data) return <Spinner label={t('send.preview')} />;
  return (
    <iframe
      title={t('send.preview')}
      sandbox=""
      srcDoc={template.data.Html}
      className="h-80 w-full rounded border border-slate-200 bg-white"
    />
  );
}

/** The one check before sending: the subject as the first recipient gets it, the mail, counts and cost. */
export function EmailReviewStep({ actor }: { actor: EmailSendActor }) {
  const { t, i18n } = useTranslation(['emailSend', 'sms']);
  const text = useText();
  const step = useSelector(actor, (s) =>
    s.matches({ preview: 'loading' })
      ? 'loading'
      : s.matches({ preview: 'failed' })
        ? 'failed'
        : s.matches('preview')
          ? 'ready'
          : 'submitting',
  );
  const preview = useSelector(actor, (s) => s.context.preview);
  const error = useSelector(actor, (s) => s.context.error);
  const form = useSelector(actor, (s) => s.context.form);
  const template = useSelector(actor, (s) => s.context.template);
  const audience = useSelector(actor, (s) => (isAudienceSource(s.context.source) ? s.context.audience : null));
  const list = useSelector(actor, (s) => currentRecipients(s.context));
  const senders = useQuery(emailSenderListQuery());
  const sender = senders.data?.Senders.find((item) => item.SenderId === form.senderId);
  const total = audience ? (audience.count ?? 0) : (list?.count ?? 0);
  const valid = audience ? (audience.count ?? 0) : list ? validRecipients(list) : 0;
  const lang = i18n.language;
  const money = (units: number) => formatMoney(units, 'usd', lang, { maxDigits: 3 });

  return (
    <Card title={t('sms:send.review.title')}>
      {step === 'loading' && (
        <div className="flex justify-center py-10 text-brand-600">
          <Spinner className="h-6 w-6" label={t('sms:loading')} />
        </div>
      )}
      {step === 'failed' && (
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-700">
          <p>{text(error)}</p>
          <div className="flex gap-2">
            <Button onClick={() => actor.send({ type: 'preview.retry' })}>{t('sms:retry')}</Button>
            <Button variant="secondary" onClick={() => actor.send({ type: 'preview.back' })}>
              {t('sms:send.review.back')}
            </Button>
          </div>
        </div>
      )}
      {preview && step !== 'loading' && step !== 'failed' && (
        <div className="grid gap-6 md:grid-cols-2" data-testid="send-review">
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium text-slate-700">{t('emailSend:send.subject')}</p>
            <p className="break-words rounded bg-slate-100 px-3 py-2 text-sm" data-testid="send-review-content">
              {preview.Content}
            </p>
            {template && <MailPreview templateId={template.TemplateId} />}
          </div>
          <dl className="space-y-1 text-sm">
            {[
              [t('sms:send.fields.taskName'), form.taskName],
              [t('emailSend:send.from'), sender ? `${sender.Alias} <${sender.Address}>` : form.senderId],
              [t('sms:send.fields.template'), template?.TemplateName ?? ''],
              [t('sms:send.review.recipients'), t('sms:send.review.recipientsValue', { total, valid })],
              [t('emailSend:send.price'), money(preview.Price)],
              [
                t('sms:send.review.when'),
                form.sendType === 'immediate'
                  ? t('sms:send.immediate')
                  : `${form.scheduledTime.replace('T', ' ')} (${form.timeZone})`,
              ],
              [t('sms:send.preview.estimate'), money(preview.EstimatedCost)],
            ].map(([name, value]) => (
              <div key={name} className="flex justify-between gap-3">
                <dt className="text-slate-500">{name}</dt>
                <dd className="text-right font-medium break-all">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap items-center justify-end gap-2 md:col-span-2">
            <Button
              variant="secondary"
              disabled={step === 'submitting'}
              onClick={() => actor.send({ type: 'preview.back' })}
            >
              {t('sms:send.review.back')}
            </Button>
            <Button
              loading={step === 'submitting'}
              onClick={() => actor.send({ type: 'preview.confirm' })}
              data-testid="send-confirm"
            >
              {t('sms:send.review.send', { count: valid })}
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}

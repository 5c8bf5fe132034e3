import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../gateway/contract/money';
import { currentRecipients } from '../../../machines/sms-send.machine';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { useText } from '../text';
import type { SendActor } from './ComposeForm';

/** Preview from the gateway (GetUSMSPreviewSmsContent), then the confirm dialog, then submitting. */
export function ReviewStep({ actor }: { actor: SendActor }) {
  const { t, i18n } = useTranslation('sms');
  const text = useText();
  const step = useSelector(actor, (s) =>
    s.matches({ preview: 'loading' })
      ? 'loading'
      : s.matches({ preview: 'failed' })
        ? 'failed'
        : s.matches('preview')
          ? 'ready'
          : s.matches('confirm')
            ? 'confirm'
            : 'submitting',
  );
  const preview = useSelector(actor, (s) => s.context.preview);
  const error = useSelector(actor, (s) => s.context.error);
  const form = useSelector(actor, (s) => s.context.form);
  const template = useSelector(actor, (s) => s.context.template);
  const counts = useSelector(actor, (s) => {
    const list = currentRecipients(s.context);
    return list ? `${list.count}|${list.count - list.invalid - list.duplicates}` : '0|0';
  });
  const [total, valid] = counts.split('|').map(Number);
  const lang = i18n.language;
  const cost = preview ? formatMoney(preview.EstimatedCost, 'usd', lang) : '';

  return (
    <Card title={t('send.review.title')}>
      {step === 'loading' && (
        <div className="flex justify-center py-10 text-brand-600">
          <Spinner className="h-6 w-6" label={t('loading')} />
        </div>
      )}
      {step === 'failed' && (
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-red-700">
          <p>{text(error)}</p>
          <div className="flex gap-2">
            <Button onClick={() => actor.send({ type: 'preview.retry' })}>{t('retry')}</Button>
            <Button variant="secondary" onClick={() => actor.send({ type: 'preview.back' })}>
              {t('send.review.back')}
            </Button>
          </div>
        </div>
      )}
      {preview && step !== 'loading' && step !== 'failed' && (
        <div className="grid gap-6 md:grid-cols-2" data-testid="send-review">
          <div>
            <p className="mb-2 text-sm font-medium text-slate-700">{t('send.review.message')}</p>
            <p className="whitespace-pre-wrap break-words rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm">
              {preview.Content}
            </p>
          </div>
          <dl className="space-y-1 text-sm">
            {[
              [t('send.fields.taskName'), form.taskName],
              [t('send.fields.template'), template?.TemplateName ?? ''],
              [t('send.fields.country'), form.countryCode],
              [t('send.review.recipients'), t('send.review.recipientsValue', { total, valid })],
              [
                t('send.preview.segments'),
                t('send.review.parts', {
                  count: preview.Segments,
                  encoding: preview.Encoding === 'GSM7' ? t('send.preview.gsm') : t('send.preview.unicode'),
                }),
              ],
              [
                t('send.review.when'),
                form.sendType === 'immediate'
                  ? t('send.immediate')
                  : `${form.scheduledTime.replace('T', ' ')} (${form.timeZone})`,
              ],
              [t('send.preview.estimate'), cost],
            ].map(([label, value]) => (
              <div key={label} className="flex justify-between gap-3">
                <dt className="text-slate-500">{label}</dt>
                <dd className="text-right font-medium">{value}</dd>
              </div>
            ))}
          </dl>
          <div className="flex justify-end gap-2 md:col-span-2">
            <Button variant="secondary" onClick={() => actor.send({ type: 'preview.back' })}>
              {t('send.review.back')}
            </Button>
            <Button onClick={() => actor.send({ type: 'preview.confirm' })} data-testid="send-confirm">
              {t('send.review.send')}
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={step === 'confirm' || step === 'submitting'}
        title={t('send.confirm.title')}
        description={t('send.confirm.body', { count: valid, cost })}
        confirmLabel={t('send.confirm.submit')}
        busy={step === 'submitting'}
        onConfirm={() => actor.send({ type: 'confirm.submit' })}
        onClose={() => actor.send({ type: 'confirm.cancel' })}
      />
    </Card>
  );
}

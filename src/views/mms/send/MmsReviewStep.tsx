import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { balanceQuery } from '../../../gateway/client/queries/account';
import { availableUnits, formatMoney } from '../../../gateway/contract/money';
import { currentRecipients } from '../../../machines/sms-send.machine';
import { validRecipients } from '../../../workers/sms-recipients';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import type { MmsSendActor } from './MmsRecipientsField';

/** MMS is paid from the main wallet (docs/decisions.md "MMS"): what it holds, what is left after. */
function WalletLine({ cost }: { cost: number }) {
  const { t, i18n } = useTranslation('mms');
  const balance = useQuery(balanceQuery());
  if (!balance.data) return null;
  const available = availableUnits(balance.data);
  const money = (units: number) => formatMoney(units, balance.data.Currency, i18n.language);
  return (
    <div className="text-sm" data-testid="send-wallet">
      <p className="text-slate-600">
        {t('send.wallet', { available: money(available), after: money(Math.max(available - cost, 0)) })}
      </p>
      {available < cost && (
        <p role="alert" className="mt-1 text-amber-700">
          {t('send.walletShort', { missing: money(cost - available) })}{' '}
          <Link href="/bill/management" className="underline">
            {t('send.topUp')}
          </Link>
        </p>
      )}
    </div>
  );
}

/** The one check before sending: the MMS as the first recipient gets it, the counts, the cost. */
export function MmsReviewStep({ actor }: { actor: MmsSendActor }) {
  const { t, i18n } = useTranslation(['mms', 'sms']);
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
  const list = useSelector(actor, (s) => currentRecipients(s.context));
  const total = list?.count ?? 0;
  const valid = list ? validRecipients(list) : 0;
  const lang = i18n.language;

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
          <div>
            <p className="mb-2 text-sm font-medium text-slate-700">{t('sms:send.review.message')}</p>
            <p
              className="whitespace-pre-wrap break-words rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm"
              data-testid="send-review-content"
            >
              {preview.Content}
            </p>
          </div>
          <dl className="space-y-1 text-sm">
            {[
              [t('sms:send.fields.taskName'), form.taskName],
              [t('sms:send.fields.template'), template?.TemplateName ?? ''],
              [t('sms:send.fields.country'), form.countryCode],
              [t('sms:send.review.recipients'), t('sms:send.review.recipientsValue', { total, valid })],
              [t('mms:send.price'), formatMoney(preview.Price, 'usd', lang)],
              [
                t('sms:send.review.when'),
                form.sendType === 'immediate'
                  ? t('sms:send.immediate')
                  : `${form.scheduledTime.replace('T', ' ')} (${form.timeZone})`,
              ],
              [t('sms:send.preview.estimate'), formatMoney(preview.EstimatedCost, 'usd', lang)],
            ].map(([name, value]) => (
              <div key={name} className="flex justify-between gap-3">
                <dt className="text-slate-500">{name}</dt>
                <dd
                  className="text-right font-medium"
                  data-testid={name === t('mms:send.price') ? 'review-price' : undefined}
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap items-center justify-between gap-3 md:col-span-2">
            <WalletLine cost={preview.EstimatedCost} />
            <div className="ml-auto flex gap-2">
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
        </div>
      )}
    </Card>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../../gateway/client/queries/account';
import { SUB_WALLET_TYPES } from '../../../gateway/contract/actions/constants';
import { availableUnits, formatMoney } from '../../../gateway/contract/money';
import { currentRecipients, isAudienceSource } from '../../../machines/sms-send.machine';
import { validRecipients } from '../../../workers/sms-recipients';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import { useText } from '../text';
import { TopUpLink } from '../TopUpLink';
import type { SendActor } from './ComposeForm';

/** The SMS wallet's available balance beside the estimate: what it holds, what is left after. */
function WalletLine({ cost }: { cost: number }) {
  const { t, i18n } = useTranslation('sms');
  const balance = useQuery(balanceQuery());
  const wallet = balance.data?.SubWallets.find((w) => w.ProductTypes.includes(SUB_WALLET_TYPES.Sms));
  if (!balance.data) return null;
  const available = wallet ? availableUnits(wallet) : 0;
  const money = (units: number) => formatMoney(units, balance.data.Currency, i18n.language);
  return (
    <div className="text-sm" data-testid="send-wallet">
      <p className="text-slate-600">
        {t('send.review.wallet', { available: money(available), after: money(Math.max(available - cost, 0)) })}
      </p>
      {available < cost && (
        <p role="alert" className="mt-1 text-amber-700">
          {t('send.review.walletShort', { missing: money(cost - available) })} <TopUpLink />
        </p>
      )}
    </div>
  );
}

/** The one check before sending (issue 18 §22): the message, the counts, the cost and the wallet. */
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
          : 'submitting',
  );
  const preview = useSelector(actor, (s) => s.context.preview);
  const error = useSelector(actor, (s) => s.context.error);
  const form = useSelector(actor, (s) => s.context.form);
  const template = useSelector(actor, (s) => s.context.template);
  // The stored check: reading it is free, whatever the list's size.
  const list = useSelector(actor, (s) => currentRecipients(s.context));
  const audience = useSelector(actor, (s) => (isAudienceSource(s.context.source) ? s.context.audience : null));
  const total = audience ? (audience.count ?? 0) : (list?.count ?? 0);
  const valid = audience ? total : list ? validRecipients(list) : 0;
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
              [
                t('send.review.recipients'),
                audience
                  ? t('send.review.audienceValue', { name: audience.name, count: total })
                  : t('send.review.recipientsValue', { total, valid }),
              ],
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
          <div className="flex flex-wrap items-center justify-between gap-3 md:col-span-2">
            <WalletLine cost={preview.EstimatedCost} />
            <div className="ml-auto flex gap-2">
              <Button
                variant="secondary"
                disabled={step === 'submitting'}
                onClick={() => actor.send({ type: 'preview.back' })}
              >
                {t('send.review.back')}
              </Button>
              <Button
                loading={step === 'submitting'}
                onClick={() => actor.send({ type: 'preview.confirm' })}
                data-testid="send-confirm"
              >
                {t('send.review.send', { count: valid })}
              </Button>
            </div>
          </div>
        </div>
      )}
    </Card>
  );
}

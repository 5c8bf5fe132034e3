import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentRecipients, isAudienceSource, type SendContext } from '../../../machines/sms-send.machine';
import { validRecipients } from '../../../workers/sms-recipients';
import { useText } from '../useText';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';
import type { ChannelSendActor } from './send-actor';
import { useConfirmLabel } from './confirm-label';

// The one check before sending, for every channel's wizard: the message (the channel shows it), the
// task's facts, the cost and the wallet, then Back or Send. What differs by channel comes in `channel`.

type Preview = NonNullable<SendContext['preview']>;

/** The facts every channel shows; the channel puts them in its order among its own. */
export interface ReviewFacts {
  taskName: ReviewRow;
  template: ReviewRow;
  recipients: ReviewRow;
  when: ReviewRow;
  estimate: ReviewRow;
}
/** The task's context and its recipients: all of them, and those that will be sent to. */
export interface SentCounts {
  context: SendContext;
  total: number;
  valid: number;
}
/** [name, value, test id of the value]. */
export type ReviewRow = readonly [string, string, string?];

export interface ReviewChannel {
  /** The message as the first recipient gets it. */
  message: (preview: Preview) => ReactNode;
  rows: (facts: ReviewFacts, preview: Preview, sent: SentCounts) => ReviewRow[];
  money: (units: number) => string;
  /** The wallet line beside the buttons, when the channel shows one. */
  wallet?: (cost: number) => ReactNode;
}

export function ChannelReviewStep({ actor, channel }: { actor: ChannelSendActor; channel: ReviewChannel }) {
  const { t } = useTranslation('sms');
  const text = useText();
  const confirmLabel = useConfirmLabel();
  const step = useSelector(actor, (s) =>
    s.matches({ preview: 'loading' })
      ? 'loading'
      : s.matches({ preview: 'failed' })
        ? 'failed'
        : s.matches('preview')
          ? 'ready'
          : 'submitting',
  );
  const context = useSelector(actor, (s) => s.context);
  const { preview, error, form, template } = context;
  // The stored check: reading it is free, whatever the list's size.
  const list = currentRecipients(context);
  const audience = isAudienceSource(context.source) ? context.audience : null;
  const total = audience ? (audience.count ?? 0) : (list?.count ?? 0);
  const valid = audience ? total : list ? validRecipients(list) : 0;
  const back = () => actor.send({ type: 'preview.back' });

  const facts = (shown: Preview): ReviewFacts => ({
    taskName: [t('send.fields.taskName'), form.taskName],
    template: [t('send.fields.template'), template?.TemplateName ?? ''],
    recipients: [
      t('send.review.recipients'),
      audience
        ? t('send.review.audienceValue', { name: audience.name, count: total })
        : t('send.review.recipientsValue', { total, valid }),
    ],
    when: [
      t('send.review.when'),
      form.sendType === 'immediate'
        ? t('send.immediate')
        : `${form.scheduledTime.replace('T', ' ')} (${form.timeZone})`,
    ],
    estimate: [t('send.preview.estimate'), channel.money(shown.EstimatedCost)],
  });

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
            <Button variant="secondary" onClick={back}>
              {t('send.review.back')}
            </Button>
          </div>
        </div>
      )}
      {preview && step !== 'loading' && step !== 'failed' && (
        <div className="grid gap-6 md:grid-cols-2" data-testid="send-review">
          {channel.message(preview)}
          <dl className="space-y-1 text-sm">
            {channel.rows(facts(preview), preview, { context, total, valid }).map(([name, value, testId]) => (
              <div key={name} className="flex justify-between gap-3">
                <dt className="text-slate-500">{name}</dt>
                <dd className="text-right font-medium break-words" data-testid={testId}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap items-center justify-between gap-3 md:col-span-2">
            {channel.wallet?.(preview.EstimatedCost)}
            <div className="ml-auto flex gap-2">
              <Button variant="secondary" disabled={step === 'submitting'} onClick={back}>
                {t('send.review.back')}
              </Button>
              <Button
                loading={step === 'submitting'}
                onClick={() => actor.send({ type: 'preview.confirm' })}
                data-testid="send-confirm"
              >
                {confirmLabel ?? t('send.review.send', { count: valid })}
              </Button>
            </div>
          </div>
        </div>
      )}
    </Card>
  );
}

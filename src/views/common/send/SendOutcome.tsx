import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { isDraftDirty, type SendContext } from '../../../machines/sms-send.machine';
import { useText } from '../useText';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import type { ChannelSendActor } from './send-actor';

// The frame of every channel's send wizard after compose and review: where the wizard is, the card of
// a submitted task and the card of a send that failed, with the channel's own links.

export type WizardStep = 'compose' | 'review' | 'submitted' | 'failed' | 'trialOnly' | (string & {});

/** Where the wizard is, and whether leaving would lose what was typed. */
export function useWizardStep(actor: ChannelSendActor) {
  const step: WizardStep = useSelector(actor, (s) =>
    s.matches('compose') ? 'compose' : s.matches('preview') || s.matches('submitting') ? 'review' : String(s.value),
  );
  const dirty = useSelector(actor, (s) => !s.matches('submitted') && isDraftDirty(s.context));
  return { step, dirty };
}

export type SendResult = NonNullable<SendContext['result']>;

/** The task is created: its counts, a link to it and "send another". */
export function SubmittedCard({
  actor,
  taskPath,
  note,
}: {
  actor: ChannelSendActor;
  taskPath: (result: SendResult) => string;
  /** A line of the channel's own under the counts. */
  note?: (result: SendResult) => ReactNode;
}) {
  const { t } = useTranslation('sms');
  const result = useSelector(actor, (s) => s.context.result);
  if (!result) return null;
  return (
    <Card>
      <div className="flex flex-col items-start gap-3" data-testid="send-submitted">
        <h2 className="text-lg font-semibold text-emerald-700">{t('send.submitted.title')}</h2>
        <p className="text-sm text-slate-600">
          {t('send.submitted.body', {
            count: result.TotalCount,
            invalid: result.InvalidCount,
            duplicates: result.DuplicateCount,
          })}
        </p>
        {note?.(result)}
        <div className="flex flex-wrap gap-2">
          <Link
            href={taskPath(result)}
            className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
            data-testid="send-view-task"
          >
            {t('send.submitted.viewTask')}
          </Link>
          <Button variant="secondary" onClick={() => actor.send({ type: 'wizard.restart' })}>
            {t('send.submitted.another')}
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** The send failed: why, the channel's way out for that RetCode, retry or edit. */
export function FailedCard({
  actor,
  links,
}: {
  actor: ChannelSendActor;
  links: (errorCode: SendContext['errorCode']) => ReactNode;
}) {
  const { t } = useTranslation('sms');
  const text = useText();
  const error = useSelector(actor, (s) => s.context.error);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  return (
    <Card>
      <div role="alert" className="flex flex-col items-start gap-3" data-testid="send-failed">
        <h2 className="text-lg font-semibold text-red-700">{t('send.failed.title')}</h2>
        <p className="text-sm text-slate-700">{text(error)}</p>
        {links(errorCode)}
        <div className="flex gap-2">
          <Button onClick={() => actor.send({ type: 'failed.retry' })}>{t('retry')}</Button>
          <Button variant="secondary" onClick={() => actor.send({ type: 'failed.edit' })}>
            {t('send.failed.edit')}
          </Button>
        </div>
      </div>
    </Card>
  );
}

/** A trial account sends SMS tests only: the channel's explanation and a link to upgrade. */
export function TrialOnlyCard({ testId, body, upgrade }: { testId: string; body: string; upgrade: string }) {
  return (
    <Card>
      <p className="text-sm text-slate-700" data-testid={testId}>
        {body}{' '}
        <Link href="/bill/upgrade" className="font-medium text-brand-700 underline">
          {upgrade}
        </Link>
      </p>
    </Card>
  );
}

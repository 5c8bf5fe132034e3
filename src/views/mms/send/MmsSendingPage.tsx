import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { mmsTemplateQuery } from '../../../gateway/client/queries/mms';
import { RetCode } from '../../../gateway/contract/retcodes';
import { SMS_TEMPLATE_STATUS } from '../../../gateway/contract/sms-constants';
import { mmsSendMachine, mmsSendTemplate } from '../../../machines/mms-send.machine';
import { isDraftDirty } from '../../../machines/sms-send.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { LeaveGuard } from '../../common/LeaveGuard';
import { useText } from '../../common/useText';
import { SessionActor } from '../../shell/actors';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { MmsComposeForm } from './MmsComposeForm';
import { MmsReviewStep } from './MmsReviewStep';

/** /mms/sending: the MMS send wizard, bound to mmsSendMachine. Trial accounts send SMS tests only. */
export default function MmsSendingPage() {
  const { t } = useTranslation(['mms', 'sms']);
  const text = useText();
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const templateId = new URLSearchParams(useSearch()).get('templateId') ?? '';
  const actor = useActorRef(mmsSendMachine, {
    input: { trial: user ? !user.Upgrade : false, timeZone: user?.Timezone || 'UTC' },
    inspect: inspectActor,
  });
  const state = useSelector(actor, (s) =>
    s.matches('compose') ? 'compose' : s.matches('preview') || s.matches('submitting') ? 'review' : String(s.value),
  );
  const dirty = useSelector(actor, (s) => !s.matches('submitted') && isDraftDirty(s.context));
  const result = useSelector(actor, (s) => s.context.result);
  const error = useSelector(actor, (s) => s.context.error);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const preset = useQuery(mmsTemplateQuery(templateId));

  useEffect(() => {
    const template = preset.data;
    if (template && template.Status === SMS_TEMPLATE_STATUS.Passed)
      actor.send({ type: 'template.select', template: mmsSendTemplate(template) });
  }, [preset.data, actor]);

  return (
    <PageFrame title={t('mms:titles.sending')} description={t('mms:send.subtitle')} testId="mms-sending">
      <LeaveGuard dirty={dirty} />
      {state === 'trialOnly' && (
        <Card>
          <p className="text-sm text-slate-700" data-testid="mms-trial">
            {t('mms:send.trialOnly')}{' '}
            <Link href="/bill/upgrade" className="font-medium text-brand-700 underline">
              {t('mms:send.upgrade')}
            </Link>
          </p>
        </Card>
      )}
      {state === 'compose' && <MmsComposeForm actor={actor} />}
      {state === 'review' && <MmsReviewStep actor={actor} />}
      {state === 'submitted' && result && (
        <Card>
          <div className="flex flex-col items-start gap-3" data-testid="send-submitted">
            <h2 className="text-lg font-semibold text-emerald-700">{t('sms:send.submitted.title')}</h2>
            <p className="text-sm text-slate-600">
              {t('sms:send.submitted.body', {
                count: result.TotalCount,
                invalid: result.InvalidCount,
                duplicates: result.DuplicateCount,
              })}
            </p>
            <div className="flex flex-wrap gap-2">
              <Link
                href={`/mms/task/${result.TaskId}/${result.AccountId}/${result.SessionNo}`}
                className="rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
                data-testid="send-view-task"
              >
                {t('sms:send.submitted.viewTask')}
              </Link>
              <Button variant="secondary" onClick={() => actor.send({ type: 'wizard.restart' })}>
                {t('sms:send.submitted.another')}
              </Button>
            </div>
          </div>
        </Card>
      )}
      {state === 'failed' && (
        <Card>
          <div role="alert" className="flex flex-col items-start gap-3" data-testid="send-failed">
            <h2 className="text-lg font-semibold text-red-700">{t('sms:send.failed.title')}</h2>
            <p className="text-sm text-slate-700">{text(error)}</p>
            {errorCode === RetCode.InsufficientBalance && (
              <Link href="/bill/management" className="text-sm font-medium text-brand-700 underline">
                {t('mms:send.topUp')}
              </Link>
            )}
            <div className="flex gap-2">
              <Button onClick={() => actor.send({ type: 'failed.retry' })}>{t('sms:retry')}</Button>
              <Button variant="secondary" onClick={() => actor.send({ type: 'failed.edit' })}>
                {t('sms:send.failed.edit')}
              </Button>
            </div>
          </div>
        </Card>
      )}
    </PageFrame>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { emailTemplateQuery } from '../../../gateway/client/queries/email-templates';
import { RetCode } from '../../../gateway/contract/retcodes';
import { EMAIL_TEMPLATE_STATUS } from '../../../gateway/contract/statuses';
import { emailSendInput, emailSendMachine, emailSendTemplate } from '../../../machines/email-send.machine';
import { isDraftDirty } from '../../../machines/sms-send.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { LeaveGuard } from '../../common/LeaveGuard';
import { useText } from '../../common/useText';
import { SessionActor } from '../../shell/actors';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { EmailComposeForm } from './EmailComposeForm';
import { EmailReviewStep } from './EmailReviewStep';

/** /email/sending: the e-mail send wizard, bound to emailSendMachine. */
export default function EmailSendingPage() {
  const { t } = useTranslation(['emailSend', 'sms']);
  const text = useText();
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const templateId = new URLSearchParams(useSearch()).get('templateId') ?? '';
  const actor = useActorRef(emailSendMachine, {
    input: emailSendInput({ trial: user ? !user.Upgrade : false, timeZone: user?.Timezone || 'UTC' }),
    inspect: inspectActor,
  });
  const state = useSelector(actor, (s) =>
    s.matches('compose') ? 'compose' : s.matches('preview') || s.matches('submitting') ? 'review' : String(s.value),
  );
  const dirty = useSelector(actor, (s) => !s.matches('submitted') && isDraftDirty(s.context));
  const result = useSelector(actor, (s) => s.context.result);
  const error = useSelector(actor, (s) => s.context.error);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const preset = useQuery({ ...emailTemplateQuery(templateId), enabled: templateId !== '' });

  useEffect(() => {
    const template = preset.data;
    if (template && template.Status === EMAIL_TEMPLATE_STATUS.Passed)
      actor.send({ type: 'template.select', template: emailSendTemplate(template) });
  }, [preset.data, actor]);

  const suppressed = result && 'SuppressedCount' in result ? Number(result.SuppressedCount) : 0;

  return (
    <PageFrame title={t('emailSend:titles.sending')} description={t('emailSend:send.subtitle')} testId="email-sending">
      <LeaveGuard dirty={dirty} />
      {state === 'trialOnly' && (
        <Card>
          <p className="text-sm text-slate-700" data-testid="email-trial">
            {t('emailSend:send.trialOnly')}{' '}
            <Link href="/bill/upgrade" className="font-medium text-brand-700 underline">
              {t('emailSend:send.upgrade')}
            </Link>
          </p>
        </Card>
      )}
      {state === 'compose' && <EmailComposeForm actor={actor} />}
      {state === 'review' && <EmailReviewStep actor={actor} />}
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
            {suppressed > 0 && (
              <p className="text-sm text-slate-600">{t('emailSend:send.suppressed', { count: suppressed })}</p>
            )}
            <div className="flex flex-wrap gap-2">
              <Link
                href={`/email/task/${result.TaskId}/${result.AccountId}/${result.SessionNo}`}
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
                {t('emailSend:send.topUp')}
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

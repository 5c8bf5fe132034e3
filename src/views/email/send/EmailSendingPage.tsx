import { useQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { emailTemplateQuery } from '../../../gateway/client/queries/email-templates';
import { RetCode } from '../../../gateway/contract/retcodes';
import { EMAIL_TEMPLATE_STATUS } from '../../../gateway/contract/statuses';
import { emailSendInput, emailSendMachine, emailSendTemplate } from '../../../machines/email-send.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { LeaveGuard } from '../../common/LeaveGuard';
import { FailedCard, SubmittedCard, TrialOnlyCard, useWizardStep } from '../../common/send/SendOutcome';
import { SessionActor } from '../../shell/actors';
import { PageFrame } from '../../ui/PageFrame';
import { EmailComposeForm } from './EmailComposeForm';
import { EmailReviewStep } from './EmailReviewStep';

/** /email/sending: the e-mail send wizard, bound to emailSendMachine. */
export default function EmailSendingPage() {
  const { t } = useTranslation(['emailSend', 'sms']);
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const templateId = new URLSearchParams(useSearch()).get('templateId') ?? '';
  const actor = useActorRef(emailSendMachine, {
    input: emailSendInput({ trial: user ? !user.Upgrade : false, timeZone: user?.Timezone || 'UTC' }),
    inspect: inspectActor,
  });
  const { step: state, dirty } = useWizardStep(actor);
  const preset = useQuery({ ...emailTemplateQuery(templateId), enabled: templateId !== '' });

  useEffect(() => {
    const template = preset.data;
    if (template && template.Status === EMAIL_TEMPLATE_STATUS.Passed)
      actor.send({ type: 'template.select', template: emailSendTemplate(template) });
  }, [preset.data, actor]);

  return (
    <PageFrame title={t('emailSend:titles.sending')} description={t('emailSend:send.subtitle')} testId="email-sending">
      <LeaveGuard dirty={dirty} />
      {state === 'trialOnly' && (
        <TrialOnlyCard
          testId="email-trial"
          body={t('emailSend:send.trialOnly')}
          upgrade={t('emailSend:send.upgrade')}
        />
      )}
      {state === 'compose' && <EmailComposeForm actor={actor} />}
      {state === 'review' && <EmailReviewStep actor={actor} />}
      {state === 'submitted' && (
        <SubmittedCard
          actor={actor}
          taskPath={(r) => `/email/task/${r.TaskId}/${r.AccountId}/${r.SessionNo}`}
          note={(r) => {
            const suppressed = 'SuppressedCount' in r ? Number(r.SuppressedCount) : 0;
            return (
              suppressed > 0 && (
                <p className="text-sm text-slate-600">{t('emailSend:send.suppressed', { count: suppressed })}</p>
              )
            );
          }}
        />
      )}
      {state === 'failed' && (
        <FailedCard
          actor={actor}
          links={(errorCode) =>
            errorCode === RetCode.InsufficientBalance && (
              <Link href="/bill/management" className="text-sm font-medium text-brand-700 underline">
                {t('emailSend:send.topUp')}
              </Link>
            )
          }
        />
      )}
    </PageFrame>
  );
}

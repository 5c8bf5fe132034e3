import { useQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { mmsTemplateQuery } from '../../../gateway/client/queries/mms';
import { RetCode } from '../../../gateway/contract/retcodes';
import { SMS_TEMPLATE_STATUS } from '../../../gateway/contract/sms-constants';
import { mmsSendMachine, mmsSendTemplate } from '../../../machines/mms-send.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { LeaveGuard } from '../../common/LeaveGuard';
import { FailedCard, SubmittedCard, TrialOnlyCard, useWizardStep } from '../../common/send/SendOutcome';
import { SessionActor } from '../../shell/actors';
import { PageFrame } from '../../ui/PageFrame';
import { MmsComposeForm } from './MmsComposeForm';
import { MmsReviewStep } from './MmsReviewStep';

/** /mms/sending: the MMS send wizard, bound to mmsSendMachine. Trial accounts send SMS tests only. */
export default function MmsSendingPage() {
  const { t } = useTranslation(['mms', 'sms']);
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const templateId = new URLSearchParams(useSearch()).get('templateId') ?? '';
  const actor = useActorRef(mmsSendMachine, {
    input: { trial: user ? !user.Upgrade : false, timeZone: user?.Timezone || 'UTC' },
    inspect: inspectActor,
  });
  const { step: state, dirty } = useWizardStep(actor);
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
        <TrialOnlyCard testId="mms-trial" body={t('mms:send.trialOnly')} upgrade={t('mms:send.upgrade')} />
      )}
      {state === 'compose' && <MmsComposeForm actor={actor} />}
      {state === 'review' && <MmsReviewStep actor={actor} />}
      {state === 'submitted' && (
        <SubmittedCard actor={actor} taskPath={(r) => `/mms/task/${r.TaskId}/${r.AccountId}/${r.SessionNo}`} />
      )}
      {state === 'failed' && (
        <FailedCard
          actor={actor}
          links={(errorCode) =>
            errorCode === RetCode.InsufficientBalance && (
              <Link href="/bill/management" className="text-sm font-medium text-brand-700 underline">
                {t('mms:send.topUp')}
              </Link>
            )
          }
        />
      )}
    </PageFrame>
  );
}

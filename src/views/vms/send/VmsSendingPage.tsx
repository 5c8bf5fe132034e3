import { useQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { vmsTemplateQuery } from '../../../gateway/client/queries/vms';
import { RetCode } from '../../../gateway/contract/retcodes';
import { voiceTemplateUsable } from '../../../machines/lifecycles/voice-template.machine';
import { vmsSendMachine, vmsSendTemplate } from '../../../machines/vms-send.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { LeaveGuard } from '../../common/LeaveGuard';
import { FailedCard, SubmittedCard, TrialOnlyCard, useWizardStep } from '../../common/send/SendOutcome';
import { SessionActor } from '../../shell/actors';
import { PageFrame } from '../../ui/PageFrame';
import { VmsComposeForm } from './VmsComposeForm';
import { VmsReviewStep } from './VmsReviewStep';

/** /vms/sending: the voice send wizard, bound to vmsSendMachine. Trial accounts send SMS tests only. */
export default function VmsSendingPage() {
  const { t } = useTranslation(['vms', 'sms']);
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const templateId = new URLSearchParams(useSearch()).get('templateId') ?? '';
  const actor = useActorRef(vmsSendMachine, {
    input: { trial: user ? !user.Upgrade : false, timeZone: user?.Timezone || 'UTC', callPeriod: 'allDay' },
    inspect: inspectActor,
  });
  const { step: state, dirty } = useWizardStep(actor);
  const preset = useQuery({ ...vmsTemplateQuery(templateId), enabled: templateId !== '' });

  useEffect(() => {
    const template = preset.data;
    if (template && voiceTemplateUsable(template.Status))
      actor.send({ type: 'template.select', template: vmsSendTemplate(template) });
  }, [preset.data, actor]);

  return (
    <PageFrame title={t('vms:titles.sending')} description={t('vms:send.subtitle')} testId="vms-sending">
      <LeaveGuard dirty={dirty} />
      {state === 'trialOnly' && (
        <TrialOnlyCard testId="vms-trial" body={t('vms:send.trialOnly')} upgrade={t('vms:send.upgrade')} />
      )}
      {state === 'compose' && <VmsComposeForm actor={actor} />}
      {state === 'review' && <VmsReviewStep actor={actor} />}
      {state === 'submitted' && (
        <SubmittedCard actor={actor} taskPath={(r) => `/vms/task/${r.TaskId}/${r.AccountId}/${r.SessionNo}`} />
      )}
      {state === 'failed' && (
        <FailedCard
          actor={actor}
          links={(errorCode) =>
            errorCode === RetCode.InsufficientBalance && (
              <Link href="/bill/management" className="text-sm font-medium text-brand-700 underline">
                {t('vms:send.topUp')}
              </Link>
            )
          }
        />
      )}
    </PageFrame>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vmsTemplateQuery } from '../../../gateway/client/queries/vms';
import type { VoiceTemplate } from '../../../gateway/contract/actions/vms-templates';
import { voiceTemplateUsable } from '../../../machines/lifecycles/voice-template.machine';
import { vmsSendMachine, vmsSendTemplate } from '../../../machines/vms-send.machine';
import { SessionActor } from '../../shell/actors';
import { ChannelSendingPage, sendingTexts, useTemplateIdParam } from '../../common/send/ChannelSendingPage';
import { VmsComposeForm } from './VmsComposeForm';
import { VmsReviewStep } from './VmsReviewStep';

const usable = (template: VoiceTemplate) => voiceTemplateUsable(template.Status);

/** /vms/sending: the voice send wizard, bound to vmsSendMachine. Trial accounts send SMS tests only. */
export default function VmsSendingPage() {
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const { t } = useTranslation('vms');
  const templateId = useTemplateIdParam();
  const preset = useQuery({ ...vmsTemplateQuery(templateId), enabled: templateId !== '' });
  return (
    <ChannelSendingPage
      channel="vms"
      user={user}
      texts={sendingTexts(t)}
      machine={vmsSendMachine}
      input={{ callPeriod: 'allDay' }}
      preset={preset.data}
      usable={usable}
      toSendTemplate={vmsSendTemplate}
      Compose={VmsComposeForm}
      Review={VmsReviewStep}
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { waSendTemplateQuery } from '../../../gateway/client/queries/wa-send';
import type { WaTemplate } from '../../../gateway/contract/actions/wa-templates';
import { waSendMachine, waSendTemplate } from '../../../machines/wa-send.machine';
import { SessionActor } from '../../shell/actors';
import { ChannelSendingPage, sendingTexts, useTemplateIdParam } from '../../common/send/ChannelSendingPage';
import { WaComposeForm } from './WaComposeForm';
import { WaReviewStep } from './WaReviewStep';

const approved = (template: WaTemplate) => template.Status === 'APPROVED';

/** /whatsapp/sending: the WhatsApp send wizard, bound to waSendMachine. Trial accounts send SMS tests only. */
export default function WaSendingPage() {
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const { t } = useTranslation('whatsapp');
  const preset = useQuery(waSendTemplateQuery(useTemplateIdParam()));
  return (
    <ChannelSendingPage
      channel="whatsapp"
      user={user}
      texts={sendingTexts(t)}
      machine={waSendMachine}
      preset={preset.data}
      usable={approved}
      toSendTemplate={waSendTemplate}
      Compose={WaComposeForm}
      Review={WaReviewStep}
    />
  );
}

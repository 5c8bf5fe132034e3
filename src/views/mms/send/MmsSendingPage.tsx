import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mmsTemplateQuery } from '../../../gateway/client/queries/mms';
import type { MmsTemplate } from '../../../gateway/contract/actions/mms';
import { SMS_TEMPLATE_STATUS } from '../../../gateway/contract/sms-constants';
import { mmsSendMachine, mmsSendTemplate } from '../../../machines/mms-send.machine';
import { SessionActor } from '../../shell/actors';
import { ChannelSendingPage, sendingTexts, useTemplateIdParam } from '../../common/send/ChannelSendingPage';
import { MmsComposeForm } from './MmsComposeForm';
import { MmsReviewStep } from './MmsReviewStep';

const passed = (template: MmsTemplate) => template.Status === SMS_TEMPLATE_STATUS.Passed;

/** /mms/sending: the MMS send wizard, bound to mmsSendMachine. Trial accounts send SMS tests only. */
export default function MmsSendingPage() {
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const { t } = useTranslation('mms');
  const preset = useQuery(mmsTemplateQuery(useTemplateIdParam()));
  return (
    <ChannelSendingPage
      channel="mms"
      user={user}
      texts={sendingTexts(t)}
      machine={mmsSendMachine}
      preset={preset.data}
      usable={passed}
      toSendTemplate={mmsSendTemplate}
      Compose={MmsComposeForm}
      Review={MmsReviewStep}
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emailTemplateQuery } from '../../../gateway/client/queries/email-templates';
import type { EmailTemplate } from '../../../gateway/contract/actions/email-templates';
import { EMAIL_TEMPLATE_STATUS } from '../../../gateway/contract/statuses';
import { emailSendMachine, emailSendTemplate } from '../../../machines/email-send.machine';
import { SessionActor } from '../../shell/actors';
import { ChannelSendingPage, sendingTexts, useTemplateIdParam } from '../../common/send/ChannelSendingPage';
import type { SendResult } from '../../common/send/SendOutcome';
import { EmailComposeForm } from './EmailComposeForm';
import { EmailReviewStep } from './EmailReviewStep';

const passed = (template: EmailTemplate) => template.Status === EMAIL_TEMPLATE_STATUS.Passed;

/** /email/sending: the e-mail send wizard, bound to emailSendMachine (addresses as recipients). */
export default function EmailSendingPage() {
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const { t } = useTranslation('emailSend');
  const templateId = useTemplateIdParam();
  const preset = useQuery({ ...emailTemplateQuery(templateId), enabled: templateId !== '' });
  const suppressedNote = (r: SendResult) => {
    const suppressed = 'SuppressedCount' in r ? Number(r.SuppressedCount) : 0;
    return suppressed > 0 && <p className="text-sm text-slate-600">{t('send.suppressed', { count: suppressed })}</p>;
  };
  return (
    <ChannelSendingPage
      channel="email"
      user={user}
      texts={sendingTexts(t)}
      machine={emailSendMachine}
      input={{ recipientKind: 'email' }}
      preset={preset.data}
      usable={passed}
      toSendTemplate={emailSendTemplate}
      Compose={EmailComposeForm}
      Review={EmailReviewStep}
      note={suppressedNote}
    />
  );
}

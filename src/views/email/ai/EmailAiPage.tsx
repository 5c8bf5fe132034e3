import { useTranslation } from 'react-i18next';
import { EmailAiScreen } from '../../common/ai/EmailAiScreen';
import { useNotify } from '../../shell/actors';

const toSendPage = (templateId: string) => `/email/sending?templateId=${templateId}`;

/** /email/message/email-ai: an AI draft used on the send page. */
export default function EmailAiPage() {
  const { t } = useTranslation('emailSend');
  const notify = useNotify();
  return <EmailAiScreen title={t('titles.ai')} hrefOfUse={toSendPage} notify={notify} />;
}

import { useTranslation } from 'react-i18next';
import { ChannelSettings } from '../../common/settings/ChannelSettings';
import { useNotify } from '../../shell/actors';
import { PageFrame } from '../../ui/PageFrame';

/** /whatsapp/setting: the WhatsApp status-report callback, send-count alarms and sending limits. */
export default function WaSettingsPage() {
  const { t } = useTranslation('whatsapp');
  const notify = useNotify();
  return (
    <PageFrame title={t('titles.settings')} description={t('settings.subtitle')} testId="whatsapp-settings">
      <ChannelSettings channel="whatsapp" notify={notify} />
    </PageFrame>
  );
}

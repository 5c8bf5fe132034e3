import { useTranslation } from 'react-i18next';
import { ChannelSettings } from '../../common/settings/ChannelSettings';
import { useNotify } from '../../shell/actors';
import { SmsPage } from '../SmsPage';

/** /sms/setting: delivery-report callback, send-count alarms and sending limits. */
export default function SettingsPage() {
  const { t } = useTranslation('sms');
  const notify = useNotify();
  return (
    <SmsPage title={t('titles.settings')} description={t('settings.subtitle')} testId="sms-settings">
      <ChannelSettings channel="sms" notify={notify} />
    </SmsPage>
  );
}

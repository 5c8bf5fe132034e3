import { useTranslation } from 'react-i18next';
import { ChannelSettings } from '../../common/settings/ChannelSettings';
import { useNotify } from '../../shell/actors';
import { PageFrame } from '../../ui/PageFrame';

/** /mms/setting: the MMS delivery-report callback, send-count alarms and sending limits. */
export default function MmsSettingsPage() {
  const { t } = useTranslation('mms');
  const notify = useNotify();
  return (
    <PageFrame title={t('titles.settings')} description={t('settings.subtitle')} testId="mms-settings">
      <ChannelSettings channel="mms" notify={notify} />
    </PageFrame>
  );
}

import { useTranslation } from 'react-i18next';
import { ChannelSettings } from '../../common/settings/ChannelSettings';
import { useNotify } from '../../shell/actors';
import { PageFrame } from '../../ui/PageFrame';

/** /vms/overview (spec 000 §2: the voice settings page): callback, call-count alarms and calling limits. */
export default function VmsSettingsPage() {
  const { t } = useTranslation('vms');
  const notify = useNotify();
  return (
    <PageFrame title={t('titles.settings')} description={t('settings.subtitle')} testId="vms-settings">
      <ChannelSettings channel="vms" notify={notify} countLabel={t('settings.calls')} />
    </PageFrame>
  );
}

import { useTranslation } from 'react-i18next';
import { SmsPage } from '../SmsPage';
import { AlarmRulesCard } from './AlarmRulesCard';
import { CallbackCard } from './CallbackCard';
import { LimitsCard } from './LimitsCard';

/** /sms/setting: delivery-report callback, send-count alarms and sending limits. */
export default function SettingsPage() {
  const { t } = useTranslation('sms');
  return (
    <SmsPage title={t('titles.settings')} description={t('settings.subtitle')} testId="sms-settings">
      <div className="flex flex-col gap-6">
        <CallbackCard />
        <AlarmRulesCard />
        <LimitsCard />
      </div>
    </SmsPage>
  );
}

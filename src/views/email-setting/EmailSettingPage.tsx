import { useTranslation } from 'react-i18next';
import { EMAIL_ALERT_METRICS } from '../../gateway/contract/actions/email-limits';
import { AlarmRulesCard } from '../common/settings/AlarmRulesCard';
import { LimitsCard } from '../common/settings/LimitsCard';
import { useNotify } from '../shell/actors';
import { DomainsCard } from './DomainsCard';
import { FooterCard } from './FooterCard';
import { SendersCard } from './SendersCard';

/**
 * /email/setting: the sending domains with their DNS records and verification, the senders, and the
 * e-mail footer (logo and address line), the alert thresholds and sending limits (the channels' cards, on the e-mail Actions).
 */
export default function EmailSettingPage() {
  const { t } = useTranslation('emailSetting');
  const notify = useNotify();
  return (
    <div className="mx-auto grid max-w-6xl gap-6" data-testid="email-setting">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-500">{t('subtitle')}</p>
      </header>
      <DomainsCard />
      <SendersCard />
      <FooterCard />
      <AlarmRulesCard
        channel="email"
        notify={notify}
        metrics={EMAIL_ALERT_METRICS}
        texts={{ title: t('alerts.title'), intro: t('alerts.intro') }}
      />
      <LimitsCard channel="email" notify={notify} />
    </div>
  );
}

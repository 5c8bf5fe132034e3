import { useTranslation } from 'react-i18next';
import { DomainsCard } from './DomainsCard';
import { SendersCard } from './SendersCard';

/** /email/setting: the sending domains with their DNS records and verification, and the senders. */
export default function EmailSettingPage() {
  const { t } = useTranslation('emailSetting');
  return (
    <div className="mx-auto grid max-w-6xl gap-6" data-testid="email-setting">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-500">{t('subtitle')}</p>
      </header>
      <DomainsCard />
      <SendersCard />
    </div>
  );
}

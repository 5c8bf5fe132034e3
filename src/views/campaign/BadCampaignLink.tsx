import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { EmptyState } from '../ui/EmptyState';
import { PageFrame } from '../ui/PageFrame';

/** A campaign address whose name, aim or channel is not a campaign's (typed, cut, or old): back to the list. */
export function BadCampaignLink() {
  const { t } = useTranslation('mkthub');
  return (
    <PageFrame title={t('titles.newCampaign')}>
      <EmptyState
        title={t('campaigns.badLink')}
        description={t('campaigns.badLinkBody')}
        action={
          <Link href="/mkthub/smsEmail" className="text-sm font-medium text-brand-700 underline">
            {t('campaigns.saved.list')}
          </Link>
        }
      />
    </PageFrame>
  );
}

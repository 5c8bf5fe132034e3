import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { PageFrame } from '../ui/PageFrame';
import { BadCampaignLink } from './BadCampaignLink';
import { campaignRouteParams } from './campaign-route';

const choiceClass =
  'flex flex-col gap-2 rounded-[var(--radius-herald)] border border-slate-200 bg-white p-5 text-left shadow-sm hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600';

/** /campaign/create/{name}/{aim}/{type}: how the campaign's message is written, in the editor or with AI. */
export default function CampaignCreatePage() {
  const { t } = useTranslation('mkthub');
  const params = campaignRouteParams(useParams<{ name: string; aim: string; type: string }>());
  if (!params) return <BadCampaignLink />;
  const { name, aim, type } = params;
  const tail = `${encodeURIComponent(name)}/${aim}`;
  return (
    <PageFrame title={t('campaigns.createTitle', { name })} description={t(`campaigns.createBody.${type}`)}>
      <nav aria-label={t('campaigns.howTo')} className="grid gap-4 md:grid-cols-2">
        <Link href={`/campaign/create/${type}-editor/${tail}`} className={choiceClass}>
          <span className="text-base font-semibold text-slate-900">{t('campaigns.withEditor')}</span>
          <span className="text-sm text-slate-600">{t(`campaigns.withEditorBody.${type}`)}</span>
        </Link>
        <Link href={`/campaign/create/${type}-ai/${tail}`} className={choiceClass}>
          <span className="text-base font-semibold text-slate-900">{t('campaigns.withAi')}</span>
          <span className="text-sm text-slate-600">{t(`campaigns.withAiBody.${type}`)}</span>
        </Link>
      </nav>
    </PageFrame>
  );
}

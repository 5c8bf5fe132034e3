import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearch } from 'wouter';
import { SessionActor } from '../shell/actors';
import { BadCampaignLink } from './BadCampaignLink';
import { campaignRouteParams } from './campaign-route';
import { newCampaignDraft } from './campaign-draft';
import { CampaignEditor } from './CampaignEditor';

/**
 * /campaign/create/{sms|email}-editor/{name}/{aim}: a new campaign in its channel's editor; ?templateId=
 * selects an approved template (the AI pages send it here), and ?source=ai records how it was written.
 */
export default function CampaignEditorPage() {
  const { t } = useTranslation('mkthub');
  const [location] = useLocation();
  const search = new URLSearchParams(useSearch());
  const timeZone = SessionActor.useSelector((s) => s.context.userInfo?.Timezone || 'UTC');
  const type = location.startsWith('/campaign/create/email-editor/') ? 'email' : 'sms';
  const params = campaignRouteParams({ ...useParams<{ name: string; aim: string }>(), type });
  if (!params) return <BadCampaignLink />;
  return (
    <CampaignEditor
      key={`${type}:${params.name}`}
      type={type}
      params={{ aim: params.aim, source: search.get('source') === 'ai' ? 'ai' : 'editor' }}
      templateId={search.get('templateId') ?? ''}
      draft={newCampaignDraft(params.name, timeZone)}
      title={t('campaigns.createTitle', { name: params.name })}
    />
  );
}

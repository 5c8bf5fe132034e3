import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailAiScreen } from '../../common/ai/EmailAiScreen';
import { useNotify } from '../../shell/actors';
import type { AiCampaign } from '../../../machines/ai-draft';
import { BadCampaignLink } from '../BadCampaignLink';
import { campaignEditorHref, useCampaignFromRoute } from './campaign-route';

/** /campaign/create/email-ai/{name}/{aim}: the AI e-mail page, whose used draft opens the campaign's e-mail editor. */
export default function CampaignEmailAiPage() {
  const campaign = useCampaignFromRoute();
  return campaign ? <EmailAi campaign={campaign} /> : <BadCampaignLink />;
}

function EmailAi({ campaign }: { campaign: AiCampaign }) {
  const { t } = useTranslation('mkthub');
  const notify = useNotify();
  const { name, aim } = campaign;
  const toEditor = useCallback(
    (templateId: string) => campaignEditorHref('email', { name, aim }, templateId),
    [name, aim],
  );
  return (
    <EmailAiScreen
      key={`${name}/${aim}`}
      title={t('campaignAi.emailTitle', { name })}
      campaign={campaign}
      hrefOfUse={toEditor}
      notify={notify}
    />
  );
}

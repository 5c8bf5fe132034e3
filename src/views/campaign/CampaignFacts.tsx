import { useTranslation } from 'react-i18next';
import type { CampaignData } from '../../gateway/contract/actions/campaigns';
import { CAMPAIGN_STATUS_TONE, campaignStatusKey } from '../common/campaign-view';
import { formatTime } from '../common/format';
import { Badge } from '../ui/Badge';
import { Card } from '../ui/Card';

/** What a campaign is: channel, aim, who it sends to, which template, when; its status. */
export function CampaignFacts({ campaign }: { campaign: CampaignData }) {
  const { t } = useTranslation('mkthub');
  const request = campaign.Sms ?? campaign.Email;
  const rows: [string, React.ReactNode][] = [
    [t('campaigns.columns.channel'), t(`kinds.${campaign.Type}`)],
    [t('plans.columns.aim'), t(`plans.aims.${campaign.Aim as 1}`)],
    [
      t('campaigns.columns.audience'),
      campaign.Audience.Name
        ? t(`campaigns.audience.${campaign.Audience.Kind}`, { name: campaign.Audience.Name })
        : t('campaigns.audience.gone'),
    ],
    [t('campaigns.template'), campaign.TemplateId],
    ...(campaign.Sms ? ([[t('campaigns.country'), campaign.Sms.CountryCode]] as [string, string][]) : []),
    ...(request?.SenderId ? ([[t('campaigns.sender'), request.SenderId]] as [string, string][]) : []),
    [
      t('campaigns.columns.send'),
      campaign.SendType === 'scheduled'
        ? t('campaigns.sendAt', { time: campaign.ScheduledTime, zone: campaign.TimeZone })
        : t('campaigns.sendNow'),
    ],
    [t('campaigns.source'), t(`campaigns.sources.${campaign.Source}`)],
    [t('campaigns.columns.updated'), formatTime(campaign.UpdateTime)],
  ];
  return (
    <Card
      title={campaign.Name}
      action={
        <Badge tone={CAMPAIGN_STATUS_TONE[campaign.Status] ?? 'neutral'}>{t(campaignStatusKey(campaign.Status))}</Badge>
      }
    >
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-slate-500">{name}</dt>
            <dd className="font-medium break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

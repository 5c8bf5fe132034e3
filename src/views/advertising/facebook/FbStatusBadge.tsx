import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../ui/Badge';

const TONE: Record<string, BadgeTone> = {
  ACTIVE: 'success',
  PAUSED: 'muted',
  CAMPAIGN_PAUSED: 'muted',
  ADSET_PAUSED: 'muted',
  PENDING_REVIEW: 'progress',
  PENDING_CAMPAIGN_PAUSED: 'progress',
  PENDING_ADSET_PAUSED: 'progress',
  IN_PROCESS: 'progress',
  PREAPPROVED: 'info',
  DISAPPROVED: 'danger',
  WITH_ISSUES: 'danger',
  PENDING_BILLING_INFO: 'warning',
  ARCHIVED: 'muted',
  DELETED: 'muted',
};

/** A campaign's, ad set's or ad's status (spec 001 §4) as a coloured badge. */
export function FbStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('fbAds');
  return <Badge tone={TONE[status] ?? 'neutral'}>{t(`status.${status}` as 'status.ACTIVE')}</Badge>;
}

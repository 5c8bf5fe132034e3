import { useTranslation } from 'react-i18next';
import { AD_ACCOUNT_STATUS } from '../../gateway/contract/advertising';
import { Badge, type BadgeTone } from '../ui/Badge';

const TONE: Record<number, BadgeTone> = {
  [AD_ACCOUNT_STATUS.Normal]: 'success',
  [AD_ACCOUNT_STATUS.Empty]: 'warning',
  [AD_ACCOUNT_STATUS.PendingReview]: 'progress',
  [AD_ACCOUNT_STATUS.Outstanding]: 'danger',
  [AD_ACCOUNT_STATUS.GracePeriod]: 'warning',
  [AD_ACCOUNT_STATUS.TemporarilyUnavailable]: 'danger',
  [AD_ACCOUNT_STATUS.PendingClosure]: 'muted',
  [AD_ACCOUNT_STATUS.AccountClosure]: 'muted',
  [AD_ACCOUNT_STATUS.Closed]: 'muted',
};

/** An ad account's status (spec 001 §4, 1-9) as a coloured badge. */
export function AdStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('advertising');
  return <Badge tone={TONE[status] ?? 'neutral'}>{t(`status.${status}` as 'status.1')}</Badge>;
}

import { useTranslation } from 'react-i18next';
import { AD_OPERATION_STATUS } from '../../gateway/contract/ad-operations';
import { Badge, type BadgeTone } from '../ui/Badge';

const TONE: Record<number, BadgeTone> = {
  [AD_OPERATION_STATUS.Pending]: 'progress',
  [AD_OPERATION_STATUS.Success]: 'success',
  [AD_OPERATION_STATUS.Failed]: 'danger',
};

/** An operation record's status (0 Pending, 1 Success, 2 Failed). */
export function AdOperationStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation('advertising');
  return <Badge tone={TONE[status] ?? 'neutral'}>{t(`operations.status.${status}` as 'operations.status.0')}</Badge>;
}

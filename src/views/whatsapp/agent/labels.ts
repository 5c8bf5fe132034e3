import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { balanceQuery } from '../../../gateway/client/queries/account';
import { formatMoney } from '../../../gateway/contract/money';
import type { WaAgentGroup, WaAgentLabel } from '../../../gateway/contract/wa-agent';
import type { BadgeTone } from '../../ui/Badge';

export const WA_AGENT_LIST_PATH = '/whatsapp/agent';
export const WA_AGENT_CREATE_PATH = '/whatsapp/agent-create';
export const waAgentDetailPath = (taskId: string) => `/whatsapp/agent-detail/${encodeURIComponent(taskId)}`;

export const WA_AGENT_GROUP_TONE: Record<WaAgentGroup, BadgeTone> = {
  submitted: 'progress',
  completed: 'success',
  failed: 'danger',
  rejected: 'warning',
};

export const WA_AGENT_LABEL_TONE: Record<WaAgentLabel, BadgeTone> = {
  submitted: 'info',
  completed: 'success',
  rejected: 'warning',
  charged: 'neutral',
  refunded: 'muted',
  cancelled: 'muted',
};

/** Units as money in the account's currency and the user's language. */
export function useMoney() {
  const { i18n } = useTranslation();
  const balance = useQuery(balanceQuery());
  return (units: number, maxDigits = 2) =>
    formatMoney(units, balance.data?.Currency ?? 'usd', i18n.language, { maxDigits });
}

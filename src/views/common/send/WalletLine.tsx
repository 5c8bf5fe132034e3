import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { balanceQuery } from '../../../gateway/client/queries/account';
import type { ActionData } from '../../../gateway/contract/actions/registry';
import { formatMoney } from '../../../gateway/contract/money';
import type { TranslationKey } from '../../../i18n/keys';

export interface WalletTexts {
  /** Takes {available, after}. */
  line: TranslationKey;
  /** Takes {missing}. */
  short: TranslationKey;
  topUp: TranslationKey;
  topUpClassName: string;
}

/** The wallet a send is paid from beside its estimate: what it holds, what is left after, a top-up link if short. */
export function WalletLine({
  cost,
  available: availableIn,
  texts,
}: {
  cost: number;
  /** What the channel's wallet holds, in units. */
  available: (balance: ActionData<'GetBalance'>) => number;
  texts: WalletTexts;
}) {
  const { t: translate, i18n } = useTranslation();
  // The channel names its keys in full (namespace:key); i18next takes them as plain strings.
  const t = translate as unknown as (key: string, options?: Record<string, string>) => string;
  const balance = useQuery(balanceQuery());
  if (!balance.data) return null;
  const available = availableIn(balance.data);
  const money = (units: number) => formatMoney(units, balance.data.Currency, i18n.language);
  return (
    <div className="text-sm" data-testid="send-wallet">
      <p className="text-slate-600">
        {t(texts.line, { available: money(available), after: money(Math.max(available - cost, 0)) })}
      </p>
      {available < cost && (
        <p role="alert" className="mt-1 text-amber-700">
          {t(texts.short, { missing: money(cost - available) })}{' '}
          <Link href="/bill/management" className={texts.topUpClassName}>
            {t(texts.topUp)}
          </Link>
        </p>
      )}
    </div>
  );
}

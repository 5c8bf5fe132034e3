import { useTranslation } from 'react-i18next';
import { SUB_WALLET_TYPES } from '../../../gateway/contract/actions/constants';
import { availableUnits, formatMoney } from '../../../gateway/contract/money';
import { ChannelReviewStep, type ReviewChannel } from '../../common/send/ChannelReviewStep';
import type { ChannelSendActor } from '../../common/send/send-actor';
import { WalletLine } from '../../common/send/WalletLine';

/** The one check before calling: the voice file, the call period, the counts, the price per call and the cost. */
export function VmsReviewStep({ actor }: { actor: ChannelSendActor }) {
  const { t, i18n } = useTranslation(['vms', 'sms']);
  const money = (units: number) => formatMoney(units, 'usd', i18n.language);
  const channel: ReviewChannel = {
    message: (preview) => (
      <div>
        <p className="mb-2 text-sm font-medium text-slate-700">{t('vms:send.audio')}</p>
        <p className="break-words rounded-lg bg-slate-100 px-3 py-2 text-sm" data-testid="send-review-content">
          {preview.Content}
        </p>
      </div>
    ),
    rows: (facts, preview, { context }) => [
      facts.taskName,
      facts.template,
      [t('sms:send.fields.country'), context.form.countryCode],
      [t('vms:send.callPeriod'), t(`vms:send.callPeriods.${context.form.callPeriod ?? 'allDay'}`)],
      facts.recipients,
      [t('vms:send.price'), money(preview.Price), 'review-price'],
      facts.when,
      facts.estimate,
    ],
    money,
    // Calls are paid from the 6003 voice wallet (docs/decisions.md "Voice tasks").
    wallet: (cost) => (
      <WalletLine
        cost={cost}
        available={(balance) => {
          const wallet = balance.SubWallets.find((w) => w.ProductTypes.includes(SUB_WALLET_TYPES.Voice));
          return wallet ? availableUnits(wallet) : 0;
        }}
        texts={{
          line: 'vms:send.wallet',
          short: 'vms:send.walletShort',
          topUp: 'vms:send.topUp',
          topUpClassName: 'underline',
        }}
      />
    ),
  };
  return <ChannelReviewStep actor={actor} channel={channel} />;
}

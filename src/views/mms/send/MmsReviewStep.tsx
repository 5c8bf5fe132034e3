import { useTranslation } from 'react-i18next';
import { availableUnits, formatMoney } from '../../../gateway/contract/money';
import { ChannelReviewStep, type ReviewChannel } from '../../common/send/ChannelReviewStep';
import type { ChannelSendActor } from '../../common/send/send-actor';
import { WalletLine } from '../../common/send/WalletLine';

/** The one check before sending: the MMS as the first recipient gets it, the counts, the price and cost. */
export function MmsReviewStep({ actor }: { actor: ChannelSendActor }) {
  const { t, i18n } = useTranslation(['mms', 'sms']);
  const money = (units: number) => formatMoney(units, 'usd', i18n.language);
  const channel: ReviewChannel = {
    message: (preview) => (
      <div>
        <p className="mb-2 text-sm font-medium text-slate-700">{t('sms:send.review.message')}</p>
        <p
          className="whitespace-pre-wrap break-words rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm"
          data-testid="send-review-content"
        >
          {preview.Content}
        </p>
      </div>
    ),
    rows: (facts, preview, { context }) => [
      facts.taskName,
      facts.template,
      [t('sms:send.fields.country'), context.form.countryCode],
      facts.recipients,
      [t('mms:send.price'), money(preview.Price), 'review-price'],
      facts.when,
      facts.estimate,
    ],
    money,
    // MMS is paid from the main wallet (docs/decisions.md "MMS").
    wallet: (cost) => (
      <WalletLine
        cost={cost}
        available={availableUnits}
        texts={{
          line: 'mms:send.wallet',
          short: 'mms:send.walletShort',
          topUp: 'mms:send.topUp',
          topUpClassName: 'underline',
        }}
      />
    ),
  };
  return <ChannelReviewStep actor={actor} channel={channel} />;
}

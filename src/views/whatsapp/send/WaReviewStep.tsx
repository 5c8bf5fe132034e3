import { useTranslation } from 'react-i18next';
import { availableUnits, formatMoney } from '../../../gateway/contract/money';
import { ChannelReviewStep, type ReviewChannel } from '../../common/send/ChannelReviewStep';
import type { ChannelSendActor } from '../../common/send/send-actor';
import { WalletLine } from '../../common/send/WalletLine';

/** The one check before sending: the message as the first recipient reads it, the counts, the most it costs. */
export function WaReviewStep({ actor }: { actor: ChannelSendActor }) {
  const { t, i18n } = useTranslation(['whatsapp', 'sms']);
  const money = (units: number) => formatMoney(units, 'usd', i18n.language);
  const channel: ReviewChannel = {
    message: (preview) => (
      <div>
        <p className="mb-2 text-sm font-medium text-slate-700">{t('sms:send.review.message')}</p>
        <p
          className="whitespace-pre-wrap break-words rounded-2xl rounded-bl-sm bg-emerald-50 px-3 py-2 text-sm"
          data-testid="send-review-content"
        >
          {preview.Content}
        </p>
        <p className="mt-2 text-xs text-slate-500">{t('whatsapp:send.priceNote')}</p>
      </div>
    ),
    rows: (facts, preview) => [
      facts.taskName,
      facts.template,
      facts.recipients,
      [t('whatsapp:send.price'), money(preview.Price), 'review-price'],
      facts.when,
      facts.estimate,
    ],
    money,
    // WhatsApp is paid from the main wallet (docs/decisions.md "WhatsApp sending").
    wallet: (cost) => (
      <WalletLine
        cost={cost}
        available={availableUnits}
        texts={{
          line: 'whatsapp:send.wallet',
          short: 'whatsapp:send.walletShort',
          topUp: 'whatsapp:send.topUp',
          topUpClassName: 'underline',
        }}
      />
    ),
  };
  return <ChannelReviewStep actor={actor} channel={channel} />;
}

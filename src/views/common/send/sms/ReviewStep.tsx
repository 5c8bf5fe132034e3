import { useTranslation } from 'react-i18next';
import { SUB_WALLET_TYPES } from '../../../../gateway/contract/actions/constants';
import { availableUnits, formatMoney } from '../../../../gateway/contract/money';
import { ChannelReviewStep, type ReviewChannel } from '../ChannelReviewStep';
import type { ChannelSendActor } from '../send-actor';
import { WalletLine } from '../WalletLine';

/** The one check before sending (issue 18 §22): the message, the counts, the parts, the cost and the SMS wallet. */
export function ReviewStep({ actor }: { actor: ChannelSendActor }) {
  const { t, i18n } = useTranslation('sms');
  const channel: ReviewChannel = {
    message: (preview) => (
      <div>
        <p className="mb-2 text-sm font-medium text-slate-700">{t('send.review.message')}</p>
        <p className="whitespace-pre-wrap break-words rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm">
          {preview.Content}
        </p>
      </div>
    ),
    rows: (facts, preview, { context }) => [
      facts.taskName,
      facts.template,
      [t('send.fields.country'), context.form.countryCode],
      facts.recipients,
      [
        t('send.preview.segments'),
        t('send.review.parts', {
          count: preview.Segments,
          encoding: preview.Encoding === 'GSM7' ? t('send.preview.gsm') : t('send.preview.unicode'),
        }),
      ],
      facts.when,
      facts.estimate,
    ],
    money: (units) => formatMoney(units, 'usd', i18n.language),
    wallet: (cost) => (
      <WalletLine
        cost={cost}
        available={(balance) => {
          const wallet = balance.SubWallets.find((w) => w.ProductTypes.includes(SUB_WALLET_TYPES.Sms));
          return wallet ? availableUnits(wallet) : 0;
        }}
        texts={{
          line: 'sms:send.review.wallet',
          short: 'sms:send.review.walletShort',
          topUp: 'sms:overview.topUp',
          topUpClassName: 'text-sm text-brand-700 underline',
        }}
      />
    ),
  };
  return <ChannelReviewStep actor={actor} channel={channel} />;
}

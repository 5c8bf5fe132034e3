import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { emailSenderListQuery } from '../../../../gateway/client/queries/email-domains';
import { emailTemplateQuery } from '../../../../gateway/client/queries/email-templates';
import { formatMoney } from '../../../../gateway/contract/money';
import { ChannelReviewStep, type ReviewChannel } from '../ChannelReviewStep';
import type { ChannelSendActor } from '../send-actor';
import { Spinner } from '../../../ui/Spinner';

/** The template's stored (server-sanitised) HTML, shown in a sandboxed frame: no script, no same origin. */
function MailPreview({ templateId }: { templateId: string }) {
  const { t } = useTranslation('emailSend');
  const template = useQuery(emailTemplateQuery(templateId));
  if (!template.data) return <Spinner label={t('send.preview')} />;
  return (
    <iframe
      title={t('send.preview')}
      sandbox=""
      srcDoc={template.data.Html}
      className="h-80 w-full rounded border border-slate-200 bg-white"
    />
  );
}

/** The one check before sending: the subject as the first recipient gets it, the mail, counts and cost. */
export function EmailReviewStep({ actor }: { actor: ChannelSendActor }) {
  const { t, i18n } = useTranslation(['emailSend', 'sms']);
  const senders = useQuery(emailSenderListQuery());
  const money = (units: number) => formatMoney(units, 'usd', i18n.language, { maxDigits: 3 });
  const template = useSelector(actor, (s) => s.context.template);
  const channel: ReviewChannel = {
    message: (preview) => (
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-slate-700">{t('emailSend:send.subject')}</p>
        <p className="break-words rounded bg-slate-100 px-3 py-2 text-sm" data-testid="send-review-content">
          {preview.Content}
        </p>
        {template && <MailPreview templateId={template.TemplateId} />}
      </div>
    ),
    rows: (facts, preview, { context, total, valid }) => {
      const sender = senders.data?.Senders.find((item) => item.SenderId === context.form.senderId);
      return [
        facts.taskName,
        [t('emailSend:send.from'), sender ? `${sender.Alias} <${sender.Address}>` : context.form.senderId],
        facts.template,
        [t('sms:send.review.recipients'), t('sms:send.review.recipientsValue', { total, valid })],
        [t('emailSend:send.price'), money(preview.Price)],
        facts.when,
        facts.estimate,
      ];
    },
    money,
  };
  return <ChannelReviewStep actor={actor} channel={channel} />;
}

import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { mmsPriceQuery, mmsTemplateListQuery } from '../../../gateway/client/queries/mms';
import { formatMoney } from '../../../gateway/contract/money';
import { SMS_TEMPLATE_STATUS } from '../../../gateway/contract/sms-constants';
import { mmsSendTemplate } from '../../../machines/mms-send.machine';
import { ComposeNextButton, CountryField, TaskNameField, TemplateField } from '../../common/send/ComposeFields';
import { RecipientsField } from '../../common/send/RecipientsField';
import { ScheduleCard } from '../../common/send/ScheduleCard';
import type { ChannelSendActor } from '../../common/send/send-actor';
import { useUpgradePrompt } from '../../shell/useUpgradePrompt';
import { Card } from '../../ui/Card';

/** MMS recipients: numbers, pasted or from a file, or a list or segment of the audience. */
const MMS_DIRECT = { placeholder: '14155550100\n14155550101' };

/** The price of one MMS to the chosen country (GetUMMSPrice). */
function PriceLine({ actor }: { actor: ChannelSendActor }) {
  const { t, i18n } = useTranslation('mms');
  const countryCode = useSelector(actor, (s) => s.context.form.countryCode);
  const price = useQuery({ ...mmsPriceQuery(countryCode), enabled: countryCode.length === 2 });
  return (
    <p className="text-sm text-slate-600" data-testid="mms-price">
      {!countryCode
        ? t('send.chooseCountry')
        : price.data
          ? t('send.pricePerMessage', { price: formatMoney(price.data.Price, price.data.Currency, i18n.language) })
          : price.isError
            ? t('send.priceFailed')
            : '…'}
    </p>
  );
}

/** The compose step: task name, template, country, recipients and the send time. */
export function MmsComposeForm({ actor }: { actor: ChannelSendActor }) {
  const { t } = useTranslation(['mms', 'sms']);
  const templates = useQuery(mmsTemplateListQuery({ Page: 1, NumPerPage: 100, Status: [SMS_TEMPLATE_STATUS.Passed] }));
  // Spec 000 §4: sending needs an upgraded account; the prompt runs the step or explains the upgrade.
  const upgrade = useUpgradePrompt();

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        upgrade.request(() => actor.send({ type: 'form.submit' }));
      }}
    >
      <Card title={t('sms:send.sections.message')}>
        <div className="grid gap-4 md:grid-cols-2">
          <TaskNameField actor={actor} />
          <TemplateField
            actor={actor}
            templates={templates}
            option={(item) => ({ value: item.TemplateId, label: item.TemplateName, hint: item.Subject })}
            pick={mmsSendTemplate}
            hint={t('sms:send.templateHint')}
            newTemplateHref="/mms/new-template"
          />
          <CountryField actor={actor} />
          <div className="flex items-end">
            <PriceLine actor={actor} />
          </div>
        </div>
      </Card>
      <Card title={t('sms:send.sections.recipients')}>
        <RecipientsField actor={actor} direct={MMS_DIRECT} />
      </Card>
      <ScheduleCard actor={actor} />
      <ComposeNextButton actor={actor} />
    </form>
  );
}

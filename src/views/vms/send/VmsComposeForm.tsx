import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { vmsTemplateListQuery } from '../../../gateway/client/queries/vms';
import { formatMoney } from '../../../gateway/contract/money';
import { VOICE_TEMPLATE_STATUS } from '../../../gateway/contract/statuses';
import { CALL_PERIODS, VOICE_CALL_PRICE } from '../../../gateway/contract/vms-task';
import { vmsSendTemplate } from '../../../machines/vms-send.machine';
import {
  ComposeNextButton,
  CountryField,
  SendTextField,
  TaskNameField,
  TemplateField,
  useSendField,
} from '../../common/send/ComposeFields';
import { RecipientsField } from '../../common/send/RecipientsField';
import { ScheduleCard } from '../../common/send/ScheduleCard';
import type { ChannelSendActor } from '../../common/send/send-actor';
import { useUpgradePrompt } from '../../shell/useUpgradePrompt';
import { Card } from '../../ui/Card';
import { Select } from '../../ui/Select';

/** Voice calls go to numbers, pasted or from a file, or to a list or segment of the audience. */
const VOICE_DIRECT = { placeholder: '14155550100\n14155550101' };

/** The call-out number and the call period (voice only). */
function CallFields({ actor }: { actor: ChannelSendActor }) {
  const { t, i18n } = useTranslation(['vms', 'sms']);
  const callPeriod = useSendField(actor, 'callPeriod');
  return (
    <>
      <SendTextField actor={actor} field="senderId" label={t('vms:send.callOut')} maxLength={20} />
      <Select
        label={t('vms:send.callPeriod')}
        testId="send-call-period"
        value={callPeriod.value || 'allDay'}
        error={callPeriod.error}
        options={CALL_PERIODS.map((period) => ({ value: period, label: t(`vms:send.callPeriods.${period}`) }))}
        onChange={callPeriod.onValueChange}
      />
      <p className="self-end text-sm text-slate-600" data-testid="vms-price">
        {t('vms:send.pricePerCall', { price: formatMoney(VOICE_CALL_PRICE, 'usd', i18n.language) })}
      </p>
    </>
  );
}

/** The compose step: task name, approved voice template, country, call-out number, call period, numbers, time. */
export function VmsComposeForm({ actor }: { actor: ChannelSendActor }) {
  const { t } = useTranslation(['vms', 'sms']);
  const templates = useQuery(
    vmsTemplateListQuery({ Page: 1, NumPerPage: 100, Status: [VOICE_TEMPLATE_STATUS.AuditPass] }),
  );
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
      <Card title={t('vms:send.sections.call')}>
        <div className="grid gap-4 md:grid-cols-2">
          <TaskNameField actor={actor} />
          <TemplateField
            actor={actor}
            templates={templates}
            option={(item) => ({ value: item.TemplateId, label: item.TemplateName, hint: item.AudioName })}
            pick={vmsSendTemplate}
            label={t('vms:send.template')}
            noMatches={t('vms:send.noTemplates')}
            hint={t('vms:send.templateHint')}
            newTemplateHref="/vms/new-template"
            newTemplateLabel={t('vms:send.newTemplate')}
          />
          <CountryField actor={actor} />
          <CallFields actor={actor} />
        </div>
      </Card>
      <Card title={t('vms:send.sections.numbers')}>
        <RecipientsField actor={actor} direct={VOICE_DIRECT} />
      </Card>
      <ScheduleCard actor={actor} />
      <ComposeNextButton actor={actor} />
    </form>
  );
}

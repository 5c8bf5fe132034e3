import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { waTemplateListQuery } from '../../../gateway/client/queries/wa-templates';
import { whatsappNumbersQuery } from '../../../gateway/client/queries/whatsapp';
import { waNumberCanSend } from '../../../gateway/contract/wa-send';
import type { WaNumberStatus } from '../../../gateway/contract/whatsapp';
import { waSendTemplate } from '../../../machines/wa-send.machine';
import {
  ComposeNextButton,
  CountryField,
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

/** WhatsApp recipients: numbers, pasted or from a file, or a list or segment of the audience. */
const WA_DIRECT = { placeholder: '14155550100\n14155550101' };

/** The number that sends: the connected business account's numbers that can send now. */
function NumberField({ actor }: { actor: ChannelSendActor }) {
  const { t } = useTranslation('whatsapp');
  const numbers = useQuery(whatsappNumbersQuery());
  const field = useSendField(actor, 'senderId');
  const usable = (numbers.data?.Numbers ?? []).filter((n) => waNumberCanSend(n.Status as WaNumberStatus));
  return (
    <div className="md:col-span-2">
      <Select
        label={t('send.number')}
        testId="send-wa-number"
        placeholder={t('send.numberPlaceholder')}
        value={field.value || null}
        onChange={field.onValueChange}
        error={field.error}
        options={usable.map((n) => ({
          value: n.PhoneNumberId,
          label: t('send.numberOption', { phone: n.DisplayPhone, name: n.DisplayName, tier: n.Tier }),
        }))}
      />
      {numbers.data && usable.length === 0 && (
        <p className="mt-1 text-xs text-slate-500">
          {t('send.noNumbers')}{' '}
          <Link href="/whatsapp/number" className="text-brand-700 underline">
            {t('send.numbersLink')}
          </Link>
        </p>
      )}
    </div>
  );
}

/** The compose step: task name, number, approved template, the recipients' country, recipients and send time. */
export function WaComposeForm({ actor }: { actor: ChannelSendActor }) {
  const { t } = useTranslation(['whatsapp', 'sms']);
  const templates = useQuery(waTemplateListQuery({ Page: 1, NumPerPage: 100, Status: 'APPROVED' }));
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
          <NumberField actor={actor} />
          <TemplateField
            actor={actor}
            templates={templates}
            option={(item) => ({ value: item.TemplateId, label: `${item.Name} (${item.Language})`, hint: item.Body })}
            pick={waSendTemplate}
            hint={t('whatsapp:send.templateHint')}
            noMatches={t('whatsapp:send.noTemplates')}
            newTemplateHref="/whatsapp/new-template"
            newTemplateLabel={t('whatsapp:send.newTemplate')}
          />
          <CountryField actor={actor} />
        </div>
      </Card>
      <Card title={t('sms:send.sections.recipients')}>
        <RecipientsField actor={actor} direct={WA_DIRECT} linkChannel="whatsapp" />
      </Card>
      <ScheduleCard actor={actor} />
      <ComposeNextButton actor={actor} />
    </form>
  );
}

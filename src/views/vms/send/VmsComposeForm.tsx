import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { vmsTemplateListQuery } from '../../../gateway/client/queries/vms';
import { smsCountriesQuery } from '../../../gateway/client/queries/sms';
import { formatMoney } from '../../../gateway/contract/money';
import { VOICE_TEMPLATE_STATUS } from '../../../gateway/contract/statuses';
import { CALL_PERIODS, VOICE_CALL_PRICE } from '../../../gateway/contract/vms-task';
import { vmsSendTemplate } from '../../../machines/vms-send.machine';
import type { SendField } from '../../../machines/sms-send.machine';
import { countryLabel } from '../../common/format';
import { useText } from '../../common/useText';
import { ScheduleCard } from '../../common/send/ScheduleCard';
import { DirectRecipientsField } from '../../common/send/RecipientsField';
import type { ChannelSendActor } from '../../common/send/send-actor';
import { useUpgradePrompt } from '../../shell/useUpgradePrompt';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Combobox, Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';

/** Voice calls go to numbers, pasted or from a file (no audience sends). */
const VOICE_DIRECT = { placeholder: '14155550100\n14155550101' };

/** The compose step: task name, approved voice template, country, call-out number, call period, numbers, time. */
export function VmsComposeForm({ actor }: { actor: ChannelSendActor }) {
  const { t, i18n } = useTranslation(['vms', 'sms']);
  const text = useText();
  const form = useSelector(actor, (s) => s.context.form);
  const template = useSelector(actor, (s) => s.context.template);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const readingFile = useSelector(actor, (s) => s.matches({ compose: 'parsingFile' }));
  const templates = useQuery(
    vmsTemplateListQuery({ Page: 1, NumPerPage: 100, Status: [VOICE_TEMPLATE_STATUS.AuditPass] }),
  );
  const countries = useQuery(smsCountriesQuery());
  // Spec 000 §4: sending needs an upgraded account; the prompt runs the step or explains the upgrade.
  const upgrade = useUpgradePrompt();
  const set = (field: SendField) => (value: string) => actor.send({ type: 'field.change', field, value });
  const lang = i18n.language;

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
          <TextField
            label={t('sms:send.fields.taskName')}
            value={form.taskName}
            onValueChange={set('taskName')}
            error={text(errors.taskName)}
            maxLength={64}
            className="md:col-span-2"
          />
          <div className="md:col-span-2">
            <Combobox
              label={t('vms:send.template')}
              testId="send-template"
              value={template?.TemplateId ?? null}
              placeholder={templates.isPending ? t('sms:loading') : t('sms:send.fields.templatePlaceholder')}
              noMatches={t('vms:send.noTemplates')}
              error={text(errors.template)}
              options={(templates.data?.Templates ?? []).map((item) => ({
                value: item.TemplateId,
                label: item.TemplateName,
                hint: item.AudioName,
              }))}
              onChange={(id) => {
                const picked = templates.data?.Templates.find((item) => item.TemplateId === id);
                if (picked) actor.send({ type: 'template.select', template: vmsSendTemplate(picked) });
              }}
            />
            <p className="mt-1 text-xs text-slate-500">
              {templates.isError ? t('sms:loadFailed') : t('vms:send.templateHint')}{' '}
              <Link href="/vms/new-template" className="text-brand-700 underline">
                {t('vms:send.newTemplate')}
              </Link>
            </p>
          </div>
          <Combobox
            label={t('sms:send.fields.country')}
            testId="send-country"
            value={form.countryCode || null}
            placeholder={countries.isPending ? t('sms:loading') : t('sms:send.fields.countryPlaceholder')}
            noMatches={t('sms:send.noCountries')}
            error={text(errors.countryCode)}
            options={(countries.data?.Countries ?? [])
              .filter((c) => c.Supported)
              .map((c) => ({ value: c.CountryCode, label: countryLabel(c, lang), hint: c.CountryCode }))}
            onChange={set('countryCode')}
          />
          <TextField
            label={t('vms:send.callOut')}
            value={form.senderId}
            onValueChange={set('senderId')}
            error={text(errors.senderId)}
            maxLength={20}
          />
          <Select
            label={t('vms:send.callPeriod')}
            testId="send-call-period"
            value={form.callPeriod ?? 'allDay'}
            error={text(errors.callPeriod)}
            options={CALL_PERIODS.map((period) => ({ value: period, label: t(`vms:send.callPeriods.${period}`) }))}
            onChange={set('callPeriod')}
          />
          <p className="self-end text-sm text-slate-600" data-testid="vms-price">
            {t('vms:send.pricePerCall', { price: formatMoney(VOICE_CALL_PRICE, 'usd', lang) })}
          </p>
        </div>
      </Card>
      <Card title={t('vms:send.sections.numbers')}>
        <DirectRecipientsField actor={actor} direct={VOICE_DIRECT} />
      </Card>
      <ScheduleCard actor={actor} />
      <div className="flex justify-end">
        <Button type="submit" data-testid="send-next" disabled={readingFile}>
          {t('sms:send.next')}
        </Button>
      </div>
    </form>
  );
}

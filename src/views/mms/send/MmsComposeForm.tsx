import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ScheduleCard } from '../../common/send/ScheduleCard';
import { Link } from 'wouter';
import { mmsPriceQuery, mmsTemplateListQuery } from '../../../gateway/client/queries/mms';
import { smsCountriesQuery } from '../../../gateway/client/queries/sms';
import { formatMoney } from '../../../gateway/contract/money';
import { SMS_TEMPLATE_STATUS } from '../../../gateway/contract/sms-constants';
import { mmsSendTemplate } from '../../../machines/mms-send.machine';
import type { SendField } from '../../../machines/sms-send.machine';
import { countryLabel } from '../../common/format';
import { useText } from '../../common/useText';
import { useUpgradePrompt } from '../../shell/useUpgradePrompt';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Combobox } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { DirectRecipientsField } from '../../common/send/RecipientsField';
import type { ChannelSendActor } from '../../common/send/send-actor';

/** MMS recipients are numbers, pasted or from a file (no audience sends). */
const MMS_DIRECT = { placeholder: '14155550100\n14155550101' };

/** The price of one MMS to the chosen country (GetUMMSPrice). */
function PriceLine({ countryCode }: { countryCode: string }) {
  const { t, i18n } = useTranslation('mms');
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
  const { t, i18n } = useTranslation(['mms', 'sms']);
  const text = useText();
  const form = useSelector(actor, (s) => s.context.form);
  const template = useSelector(actor, (s) => s.context.template);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  // The machine takes the form only once a chosen file is read (a new country reads it again).
  const readingFile = useSelector(actor, (s) => s.matches({ compose: 'parsingFile' }));
  const templates = useQuery(mmsTemplateListQuery({ Page: 1, NumPerPage: 100, Status: [SMS_TEMPLATE_STATUS.Passed] }));
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
      <Card title={t('sms:send.sections.message')}>
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
              label={t('sms:send.fields.template')}
              testId="send-template"
              value={template?.TemplateId ?? null}
              placeholder={templates.isPending ? t('sms:loading') : t('sms:send.fields.templatePlaceholder')}
              noMatches={t('sms:send.noTemplates')}
              error={text(errors.template)}
              options={(templates.data?.Templates ?? []).map((item) => ({
                value: item.TemplateId,
                label: item.TemplateName,
                hint: item.Subject,
              }))}
              onChange={(id) => {
                const picked = templates.data?.Templates.find((item) => item.TemplateId === id);
                if (picked) actor.send({ type: 'template.select', template: mmsSendTemplate(picked) });
              }}
            />
            <p className="mt-1 text-xs text-slate-500">
              {templates.isError ? t('sms:loadFailed') : t('sms:send.templateHint')}{' '}
              <Link href="/mms/new-template" className="text-brand-700 underline">
                {t('sms:send.newTemplate')}
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
          <div className="flex items-end">
            <PriceLine countryCode={form.countryCode} />
          </div>
        </div>
      </Card>
      <Card title={t('sms:send.sections.recipients')}>
        <DirectRecipientsField actor={actor} direct={MMS_DIRECT} />
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

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { saveChannelLimitRuleMutation } from '../../../gateway/client/mutations/channel-settings';
import { channelLimitRuleQuery, type SettingsChannel } from '../../../gateway/client/queries/channel-settings';
import { smsActions, limitRuleData } from '../../../gateway/contract/actions/sms';
import { fieldErrorsOf, type FieldErrors } from '../../../gateway/contract/field-errors';
import { splitPastedList } from '../../../gateway/contract/validators';
import { gatewayMessage } from '../../gateway-bridge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ErrorState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { formatCount } from '../format';
import { useText } from '../useText';

type Limits = z.infer<typeof limitRuleData>;
const schema = smsActions.CreateUSMSLimitAlarmRule.input;
const FIELDS = {
  DailyLimit: 'daily',
  MonthlyLimit: 'monthly',
  TotalLimit: 'total',
  AlarmPercent: 'percent',
  Emails: 'emails',
};

/** Empty means no limit; anything but digits is refused (spec 001 §5: numbers only). */
const limitValue = (value: string) =>
  value.trim() === '' ? null : /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;

interface LimitsFormProps {
  channel: SettingsChannel;
  notify: (text: string) => void;
  current: Limits;
}

function LimitsForm({ channel, notify, current }: LimitsFormProps) {
  const { t, i18n } = useTranslation('sms');
  const text = useText();
  const client = useQueryClient();
  const show = (value: number | null) => (value === null ? '' : String(value));
  const [form, setForm] = useState({
    daily: show(current.DailyLimit),
    monthly: show(current.MonthlyLimit),
    total: show(current.TotalLimit),
    percent: String(current.AlarmPercent),
    emails: current.Emails.join(', '),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const input = () => ({
    DailyLimit: limitValue(form.daily),
    MonthlyLimit: limitValue(form.monthly),
    TotalLimit: limitValue(form.total),
    AlarmPercent: /^\d+$/.test(form.percent.trim()) ? Number(form.percent.trim()) : Number.NaN,
    Emails: splitPastedList(form.emails),
  });
  const save = useMutation(saveChannelLimitRuleMutation(client, channel));
  const set = (key: keyof typeof form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const lang = i18n.language;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setServerError(null);
        const found = fieldErrorsOf(schema, input(), FIELDS);
        setErrors(found);
        if (Object.keys(found).length === 0)
          save.mutate(
            { exists: current.Configured, rule: input() },
            {
              onSuccess: () => notify(t('settings.limits.saved')),
              onError: (cause) => setServerError(gatewayMessage(cause) ?? 'sms:errors.network'),
            },
          );
      }}
      className="grid gap-4 sm:grid-cols-3"
    >
      {serverError && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3">
          {text(serverError)}
        </p>
      )}
      <TextField
        label={t('settings.limits.daily')}
        inputMode="numeric"
        value={form.daily}
        error={text(errors.daily)}
        hint={t('settings.limits.used', { count: formatCount(current.DailyCount, lang) })}
        onValueChange={set('daily')}
        data-testid="limit-daily"
      />
      <TextField
        label={t('settings.limits.monthly')}
        inputMode="numeric"
        value={form.monthly}
        error={text(errors.monthly)}
        hint={t('settings.limits.used', { count: formatCount(current.MonthlyCount, lang) })}
        onValueChange={set('monthly')}
        data-testid="limit-monthly"
      />
      <TextField
        label={t('settings.limits.total')}
        inputMode="numeric"
        value={form.total}
        error={text(errors.total)}
        hint={t('settings.limits.used', { count: formatCount(current.TotalCount, lang) })}
        onValueChange={set('total')}
        data-testid="limit-total"
      />
      <TextField
        label={t('settings.limits.percent')}
        inputMode="numeric"
        value={form.percent}
        error={text(errors.percent)}
        hint={t('settings.limits.percentHint')}
        onValueChange={set('percent')}
      />
      <TextField
        label={t('settings.alarms.emails')}
        value={form.emails}
        error={text(errors.emails)}
        hint={t('settings.alarms.emailsHint')}
        onValueChange={set('emails')}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-3">
        <Button type="submit" loading={save.isPending} data-testid="limit-save">
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A channel's daily, monthly and total sending limits: the total exceeds the others, daily is at most
 * monthly. `notify` is the shell's toast.
 */
export function LimitsCard({ channel, notify }: { channel: SettingsChannel; notify: (text: string) => void }) {
  const { t } = useTranslation('sms');
  const limits = useQuery(channelLimitRuleQuery(channel));
  return (
    <Card title={t('settings.limits.title')}>
      <p className="mb-4 text-sm text-slate-600">{t('settings.limits.intro')}</p>
      {limits.isPending ? (
        <Spinner className="h-5 w-5 text-brand-600" label={t('loading')} />
      ) : limits.isError ? (
        <ErrorState message={t('loadFailed')} onRetry={() => void limits.refetch()} retryLabel={t('retry')} />
      ) : (
        <LimitsForm key={JSON.stringify(limits.data)} channel={channel} notify={notify} current={limits.data} />
      )}
    </Card>
  );
}

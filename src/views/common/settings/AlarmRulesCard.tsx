import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteChannelAlarmRuleMutation,
  saveChannelAlarmRuleMutation,
} from '../../../gateway/client/mutations/channel-settings';
import {
  channelAlarmRulesQuery,
  type AlarmRuleRow,
  type SettingsChannel,
} from '../../../gateway/client/queries/channel-settings';
import { smsActions } from '../../../gateway/contract/actions/sms';
import {
  emailLimitActions,
  EMAIL_RATE_METRICS,
  type EmailAlertMetric,
} from '../../../gateway/contract/actions/email-limits';
import { fieldErrorsOf, type FieldErrors } from '../../../gateway/contract/field-errors';
import { SMS_ALARM_KIND, SMS_ALARM_PERIODS } from '../../../gateway/contract/sms-constants';
import { splitPastedList } from '../../../gateway/contract/validators';
import { gatewayMessage } from '../../gateway-bridge';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { ConfirmDialog, Dialog } from '../../ui/Dialog';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { formatCount, formatTime } from '../format';
import { useText } from '../useText';

type Rule = AlarmRuleRow;
type Period = (typeof SMS_ALARM_PERIODS)[number];
interface Draft {
  ruleId: string | null;
  metric: EmailAlertMetric;
  kind: number;
  period: Period;
  threshold: string;
  emails: string;
  enabled: boolean;
}

const phoneSchema = smsActions.CreateUSMSSendCountAlarmRule.input;
const metricSchema = emailLimitActions.CreateEmailAlertRule.input;
const FIELDS = {
  Metric: 'metric',
  Kind: 'kind',
  Period: 'period',
  Threshold: 'threshold',
  Emails: 'emails',
  Enabled: 'enabled',
};
const empty: Draft = {
  ruleId: null,
  metric: 'total',
  kind: SMS_ALARM_KIND.Warning,
  period: 'day',
  threshold: '',
  emails: '',
  enabled: true,
};
const toNumber = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);
/** A rate threshold is a percent that may have two decimals. */
const toPercent = (value: string) => (/^\d+(\.\d{1,2})?$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);
const isRate = (metric: EmailAlertMetric | undefined) => metric !== undefined && EMAIL_RATE_METRICS.includes(metric);

function request(draft: Draft, withMetric: boolean) {
  return {
    ...(withMetric ? { Metric: draft.metric } : {}),
    Kind: draft.kind as 1 | 2,
    Period: draft.period,
    Threshold: withMetric && isRate(draft.metric) ? toPercent(draft.threshold) : toNumber(draft.threshold),
    Emails: splitPastedList(draft.emails),
    Enabled: draft.enabled,
  };
}

/**
 * A channel's send-count alarm rules (kinds 1 warning and 2 limit): create, edit, delete. `countLabel`
 * names what is counted where it is not messages (voice: called numbers). `metrics` (e-mail) lets a rule
 * watch one of them: request counts, or block and spam rates in percent.
 */
export function AlarmRulesCard({
  channel,
  notify,
  countLabel,
  metrics,
  texts,
}: {
  channel: SettingsChannel;
  notify: (text: string) => void;
  countLabel?: string;
  metrics?: readonly EmailAlertMetric[];
  /** The card's own title and introduction (e-mail: alert thresholds). */
  texts?: { title: string; intro: string };
}) {
  const { t, i18n } = useTranslation('sms');
  const text = useText();
  const client = useQueryClient();
  const rules = useQuery(channelAlarmRulesQuery(channel));
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Rule | null>(null);
  const done = (message: string) => {
    notify(message);
    setDraft(null);
    setToDelete(null);
  };
  const save = useMutation(saveChannelAlarmRuleMutation(client, channel));
  const remove = useMutation(deleteChannelAlarmRuleMutation(client, channel));
  const open = (value: Draft) => {
    setDraft(value);
    setErrors({});
    setServerError(null);
  };
  const submit = () => {
    if (!draft) return;
    const withMetric = metrics !== undefined;
    const found = fieldErrorsOf(withMetric ? metricSchema : phoneSchema, request(draft, withMetric), FIELDS);
    setErrors(found);
    if (Object.keys(found).length === 0)
      save.mutate(
        { ruleId: draft.ruleId ?? undefined, rule: request(draft, withMetric) },
        {
          onSuccess: () => done(t('settings.alarms.saved')),
          onError: (cause) => setServerError(gatewayMessage(cause) ?? 'sms:errors.network'),
        },
      );
  };
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((current) => (current ? { ...current, [key]: value } : current));
  const kindLabel = (kind: number) =>
    kind === SMS_ALARM_KIND.Limit ? t('settings.alarms.kinds.limit') : t('settings.alarms.kinds.warning');
  const lang = i18n.language;
  const thresholdLabel = metrics
    ? t('settings.alarms.metricThreshold')
    : (countLabel ?? t('settings.alarms.threshold'));
  const valueOf = (rule: Rule, value: number) =>
    isRate(rule.Metric) ? t('settings.alarms.percentValue', { value }) : formatCount(value, lang);
  const metricColumn = metrics
    ? [
        {
          key: 'metric',
          header: t('settings.alarms.metric'),
          cell: (rule: Rule) => t(`settings.alarms.metrics.${rule.Metric ?? 'total'}`),
        },
      ]
    : [];

  return (
    <Card
      title={texts?.title ?? t('settings.alarms.title')}
      action={
        <Button variant="secondary" onClick={() => open(empty)} data-testid="alarm-add">
          {t('settings.alarms.add')}
        </Button>
      }
    >
      <p className="mb-4 text-sm text-slate-600">{texts?.intro ?? t('settings.alarms.intro')}</p>
      <DataTable
        caption={texts?.title ?? t('settings.alarms.title')}
        testId="alarms-table"
        rows={rules.data?.Rules}
        rowKey={(rule) => rule.RuleId}
        isLoading={rules.isPending}
        error={rules.isError ? t('loadFailed') : null}
        onRetry={() => void rules.refetch()}
        empty={{ title: t('settings.alarms.emptyTitle'), description: t('settings.alarms.emptyBody') }}
        columns={[
          ...metricColumn,
          {
            key: 'kind',
            header: t('settings.alarms.kind'),
            cell: (rule) => (
              <Badge tone={rule.Kind === SMS_ALARM_KIND.Limit ? 'danger' : 'warning'}>{kindLabel(rule.Kind)}</Badge>
            ),
          },
          {
            key: 'threshold',
            header: thresholdLabel,
            align: 'right',
            cell: (rule) =>
              t('settings.alarms.thresholdValue', {
                threshold: valueOf(rule, rule.Threshold),
                period: t(`settings.alarms.periods.${rule.Period}`),
              }),
          },
          {
            key: 'current',
            header: t('settings.alarms.current'),
            align: 'right',
            cell: (rule) => valueOf(rule, rule.CurrentCount),
          },
          {
            key: 'emails',
            header: t('settings.alarms.emails'),
            cell: (rule) => rule.Emails.join(', ') || t('settings.alarms.accountEmail'),
          },
          {
            key: 'enabled',
            header: t('settings.alarms.state'),
            cell: (rule) => (rule.Enabled ? t('settings.alarms.on') : t('settings.alarms.off')),
          },
          { key: 'fired', header: t('settings.alarms.lastFired'), cell: (rule) => formatTime(rule.LastFiredTime) },
        ]}
        rowActions={(rule) => (
          <>
            <RowAction
              onClick={() =>
                open({
                  ruleId: rule.RuleId,
                  metric: rule.Metric ?? 'total',
                  kind: rule.Kind,
                  period: rule.Period,
                  threshold: String(rule.Threshold),
                  emails: rule.Emails.join(', '),
                  enabled: rule.Enabled,
                })
              }
            >
              {t('settings.edit')}
            </RowAction>
            <RowAction danger onClick={() => setToDelete(rule)}>
              {t('settings.delete')}
            </RowAction>
          </>
        )}
      />
      <Dialog
        open={draft !== null}
        onClose={() => setDraft(null)}
        title={draft?.ruleId ? t('settings.alarms.editTitle') : t('settings.alarms.addTitle')}
        testId="alarm-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDraft(null)}>
              {t('editor.cancel')}
            </Button>
            <Button onClick={submit} loading={save.isPending} data-testid="alarm-save">
              {t('settings.save')}
            </Button>
          </>
        }
      >
        {draft && (
          <div className="grid gap-4 sm:grid-cols-2">
            {serverError && (
              <p role="alert" className="text-sm text-red-700 sm:col-span-2">
                {text(serverError)}
              </p>
            )}
            {metrics && (
              <Select
                label={t('settings.alarms.metric')}
                value={draft.metric}
                onChange={set('metric')}
                options={metrics.map((value) => ({ value, label: t(`settings.alarms.metrics.${value}`) }))}
              />
            )}
            <Select
              label={t('settings.alarms.kind')}
              value={draft.kind}
              onChange={set('kind')}
              options={[
                {
                  value: SMS_ALARM_KIND.Warning as number,
                  label: t('settings.alarms.kinds.warning'),
                  hint: t('settings.alarms.kinds.warningHint'),
                },
                {
                  value: SMS_ALARM_KIND.Limit as number,
                  label: t('settings.alarms.kinds.limit'),
                  hint: t('settings.alarms.kinds.limitHint'),
                },
              ]}
            />
            <Select
              label={t('settings.alarms.period')}
              value={draft.period}
              onChange={set('period')}
              options={SMS_ALARM_PERIODS.map((value) => ({ value, label: t(`settings.alarms.periods.${value}`) }))}
            />
            <TextField
              label={metrics && isRate(draft.metric) ? t('settings.alarms.percentThreshold') : thresholdLabel}
              inputMode={metrics && isRate(draft.metric) ? 'decimal' : 'numeric'}
              value={draft.threshold}
              error={text(errors.threshold)}
              onValueChange={set('threshold')}
              data-testid="alarm-threshold"
            />
            <TextField
              label={t('settings.alarms.emails')}
              value={draft.emails}
              error={text(errors.emails)}
              hint={t('settings.alarms.emailsHint')}
              onValueChange={set('emails')}
            />
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input
                type="checkbox"
                checked={draft.enabled}
                onChange={(e) => set('enabled')(e.target.checked)}
                className="h-4 w-4 rounded border-slate-300"
              />
              {t('settings.alarms.enabled')}
            </label>
          </div>
        )}
      </Dialog>
      <ConfirmDialog
        open={toDelete !== null}
        danger
        title={t('settings.alarms.deleteTitle')}
        confirmLabel={t('settings.delete')}
        busy={remove.isPending}
        onConfirm={() =>
          toDelete && remove.mutate(toDelete.RuleId, { onSuccess: () => done(t('settings.alarms.deleted')) })
        }
        onClose={() => setToDelete(null)}
      />
    </Card>
  );
}

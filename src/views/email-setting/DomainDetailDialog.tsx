import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateEmailDomainMutation } from '../../gateway/client/mutations/email-domains';
import type { EmailDnsRecord, EmailDomain } from '../../gateway/contract/actions/email-domains';
import { TRACKING_PREFIX_PATTERN } from '../../gateway/contract/email-domains';
import { emailDomainVerifyMachine } from '../../machines/email-domain-verify.machine';
import { inspectActor } from '../../statecharts/inspection-bus';
import { useLabel } from '../../i18n/useLabel';
import type { TranslationKey } from '../../i18n/keys';
import { formatTime } from '../common/format';
import { gatewayMessage } from '../gateway-bridge';
import { useNotify } from '../shell/actors';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/TextField';
import { domainTone } from './status';

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('emailSetting');
  const notify = useNotify();
  return (
    <button
      type="button"
      aria-label={label}
      className="shrink-0 rounded px-1.5 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
      onClick={() => void navigator.clipboard?.writeText(text).then(() => notify(t('detail.copied')))}
    >
      {t('detail.copy')}
    </button>
  );
}

function RecordRow({ record }: { record: EmailDnsRecord }) {
  const { t } = useTranslation('emailSetting');
  const kind = t(`kind.${record.Kind}`);
  return (
    <tr className="border-t border-slate-100 align-top" data-testid={`record-${record.Kind}`}>
      <th scope="row" className="py-2 pr-3 text-left font-medium whitespace-nowrap">
        {kind}
        {!record.Required && <span className="block text-xs font-normal text-slate-500">{t('detail.optional')}</span>}
      </th>
      <td className="py-2 pr-3">{record.Type}</td>
      <td className="py-2 pr-3">
        <div className="flex items-start gap-2">
          <code className="break-all">{record.Host}</code>
          <CopyButton text={record.Host} label={t('detail.copyHost', { kind })} />
        </div>
      </td>
      <td className="py-2 pr-3">
        <div className="flex items-start gap-2">
          <code className="max-w-xs break-all" data-testid="record-value">
            {record.Value}
          </code>
          <CopyButton text={record.Value} label={t('detail.copyValue', { kind })} />
        </div>
      </td>
      <td className="py-2 pr-3">
        <code className="max-w-xs break-all text-slate-600">
          {record.Found.length ? record.Found.join('\n') : t('detail.nothingFound')}
        </code>
      </td>
      <td className="py-2">
        <Badge tone={domainTone(record.Status)} testId="record-status">
          {t(`status.${record.Status as 0 | 1 | 2}`)}
        </Badge>
        {record.Reason && <span className="mt-1 block text-xs text-red-700">{t(`reason.${record.Reason}`)}</span>}
      </td>
    </tr>
  );
}

function TrackingPrefixForm({ domain }: { domain: EmailDomain }) {
  const { t } = useTranslation('emailSetting');
  const label = useLabel();
  const notify = useNotify();
  const client = useQueryClient();
  const saving = useMutation(updateEmailDomainMutation(client));
  const [prefix, setPrefix] = useState(domain.TrackingPrefix);
  const invalid = !TRACKING_PREFIX_PATTERN.test(prefix.trim());
  return (
    <div className="mt-4 flex flex-wrap items-end gap-3">
      <TextField
        label={t('add.trackingPrefix')}
        value={prefix}
        onValueChange={setPrefix}
        disabled={!domain.Editable}
        error={invalid ? label('validation:trackingPrefixInvalid' as TranslationKey) : undefined}
        hint={domain.Editable ? `${prefix.trim().toLowerCase()}.${domain.Domain}` : t('detail.notEditable')}
        className="w-56"
      />
      <Button
        variant="secondary"
        disabled={!domain.Editable || invalid || prefix.trim().toLowerCase() === domain.TrackingPrefix}
        loading={saving.isPending}
        onClick={() =>
          saving.mutate(
            { DomainId: domain.DomainId, TrackingPrefix: prefix },
            { onSuccess: () => notify(t('detail.saved')) },
          )
        }
      >
        {t('detail.save')}
      </Button>
      {saving.error && (
        <p role="alert" className="text-sm text-red-700">
          {gatewayMessage(saving.error)}
        </p>
      )}
    </div>
  );
}

/** One domain's records to publish, with what DNS answers now, and "Verify now" on emailDomainVerifyMachine. */
export function DomainDetailDialog({ domain, onClose }: { domain: EmailDomain; onClose: () => void }) {
  const { t } = useTranslation('emailSetting');
  const label = useLabel();
  const client = useQueryClient();
  const verifier = useActorRef(emailDomainVerifyMachine, {
    input: { client, domainId: domain.DomainId },
    inspect: inspectActor,
  });
  const checking = useSelector(verifier, (s) => s.matches('checking'));
  const outcome = useSelector(verifier, (s) =>
    s.matches('passed') ? 'passed' : s.matches('failed') ? 'failed' : s.matches('error') ? 'error' : null,
  );
  const error = useSelector(verifier, (s) => s.context.error);
  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      testId="domain-detail"
      title={t('detail.title', { domain: domain.Domain })}
      description={t('detail.intro')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('detail.close')}
          </Button>
          <Button loading={checking} onClick={() => verifier.send({ type: 'verify.start' })}>
            {checking ? t('verify.checking') : t('verify.start')}
          </Button>
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <Badge tone={domainTone(domain.Status)} testId="detail-status">
          {t(`status.${domain.Status as 0 | 1 | 2}`)}
        </Badge>
        <span className="text-slate-500">
          {domain.CheckTime ? t('detail.lastCheck', { time: formatTime(domain.CheckTime) }) : t('detail.neverChecked')}
        </span>
      </div>
      {outcome && (
        <p
          role={outcome === 'passed' ? 'status' : 'alert'}
          data-testid="verify-outcome"
          className={`mt-3 rounded-[var(--radius-herald)] p-3 text-sm ${outcome === 'passed' ? 'bg-emerald-50 text-emerald-900' : 'bg-red-50 text-red-900'}`}
        >
          {outcome === 'error' ? label((error ?? '') as TranslationKey) : t(`verify.${outcome}`)}
        </p>
      )}
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('detail.caption')}</caption>
          <thead>
            <tr className="text-left text-xs text-slate-500">
              <th scope="col" className="pb-2">
                {t('detail.columns.kind')}
              </th>
              <th scope="col" className="pb-2">
                {t('detail.columns.type')}
              </th>
              <th scope="col" className="pb-2">
                {t('detail.columns.host')}
              </th>
              <th scope="col" className="pb-2">
                {t('detail.columns.value')}
              </th>
              <th scope="col" className="pb-2">
                {t('detail.columns.found')}
              </th>
              <th scope="col" className="pb-2">
                {t('detail.columns.status')}
              </th>
            </tr>
          </thead>
          <tbody>
            {domain.Records.map((record) => (
              <RecordRow key={record.Kind} record={record} />
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">{t('detail.trackingTitle')}</h3>
      <TrackingPrefixForm domain={domain} />
    </Dialog>
  );
}

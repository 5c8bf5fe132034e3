import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setChannelCallbackMutation } from '../../../gateway/client/mutations/channel-settings';
import { channelCallbackQuery, type CallbackChannel } from '../../../gateway/client/queries/channel-settings';
import { smsActions } from '../../../gateway/contract/actions/sms';
import { fieldErrorsOf } from '../../../gateway/contract/field-errors';
import { gatewayMessage } from '../../gateway-bridge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/Dialog';
import { ErrorState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { formatTime } from '../format';
import { useText } from '../useText';

// Every channel's Set…Callback shares this schema (contract/actions/channel-settings.ts).
const schema = smsActions.SetUSMSCallback.input;

/** Where a channel's reports go in the example address. */
const PLACEHOLDER_PATH: Record<CallbackChannel, string> = {
  sms: 'sms',
  mms: 'mms',
  vms: 'voice',
  whatsapp: 'whatsapp',
};

interface CallbackFormProps {
  channel: CallbackChannel;
  notify: (text: string) => void;
  /** A save that issued the signing secret hands it up: it is shown this once. */
  onIssued: (secret: string) => void;
  initialUrl: string;
  initialEnabled: boolean;
}

function CallbackForm({ channel, notify, onIssued, initialUrl, initialEnabled }: CallbackFormProps) {
  const { t } = useTranslation('sms');
  const text = useText();
  const client = useQueryClient();
  const [url, setUrl] = useState(initialUrl);
  // A first address is meant to receive reports: the switch starts on until one is saved.
  const [enabled, setEnabled] = useState(initialUrl ? initialEnabled : true);
  const [error, setError] = useState<string | undefined>();
  const [rotating, setRotating] = useState(false);
  const save = useMutation(setChannelCallbackMutation(client, channel));
  const submit = (rotate = false) => {
    const input = { Url: url.trim(), Enabled: enabled, ...(rotate ? { RotateSecret: true } : {}) };
    const errors = fieldErrorsOf(schema, input, { Url: 'url' });
    setError(errors.url);
    if (!errors.url)
      save.mutate(input, {
        onSuccess: (reply) => {
          setRotating(false);
          if (reply.Secret) onIssued(reply.Secret);
          notify(t('settings.callback.saved'));
        },
        onError: (cause) => setError(gatewayMessage(cause) ?? 'sms:errors.network'),
      });
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextField
        label={t('settings.callback.url')}
        type="url"
        value={url}
        placeholder={`https://example.com/herald/${PLACEHOLDER_PATH[channel]}-reports`}
        error={text(error)}
        hint={t('settings.callback.urlHint')}
        onValueChange={(value) => {
          setUrl(value);
          setError(undefined);
        }}
        data-testid="callback-url"
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
          className="h-4 w-4 rounded border-slate-300"
        />
        {t('settings.callback.enabled')}
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending && !rotating} data-testid="callback-save">
          {t('settings.save')}
        </Button>
        <Button variant="secondary" onClick={() => setRotating(true)} disabled={!initialUrl}>
          {t('settings.callback.rotate')}
        </Button>
      </div>
      <ConfirmDialog
        open={rotating}
        title={t('settings.callback.rotateTitle')}
        description={t('settings.callback.rotateBody')}
        confirmLabel={t('settings.callback.rotate')}
        busy={save.isPending}
        onConfirm={() => submit(true)}
        onClose={() => setRotating(false)}
      />
    </form>
  );
}

/**
 * A channel's delivery-report address and the signing secret its receiver checks (Standard Webhooks).
 * `notify` is the shell's toast (areas pass `useNotify()`: common views do not import the shell).
 */
export function CallbackCard({ channel, notify }: { channel: CallbackChannel; notify: (text: string) => void }) {
  const { t } = useTranslation('sms');
  const callback = useQuery(channelCallbackQuery(channel));
  const [copied, setCopied] = useState(false);
  // The secret in full, only from the save that issued it and only while this page is open (issue 18 §21).
  const [issued, setIssued] = useState('');
  return (
    <Card title={t('settings.callback.title')}>
      <p className="mb-4 text-sm text-slate-600">{t('settings.callback.intro')}</p>
      {callback.isPending ? (
        <Spinner className="h-5 w-5 text-brand-600" label={t('loading')} />
      ) : callback.isError ? (
        <ErrorState message={t('loadFailed')} onRetry={() => void callback.refetch()} retryLabel={t('retry')} />
      ) : (
        <div className="flex flex-col gap-4">
          <CallbackForm
            channel={channel}
            notify={notify}
            onIssued={(secret) => {
              setIssued(secret);
              setCopied(false);
            }}
            key={`${callback.data.Url}|${callback.data.Enabled}`}
            initialUrl={callback.data.Url}
            initialEnabled={callback.data.Enabled}
          />
          {callback.data.DisabledReason && (
            <p role="alert" className="rounded-[var(--radius-herald)] bg-amber-50 px-3 py-2 text-sm text-amber-800">
              {t('settings.callback.disabled', { reason: callback.data.DisabledReason })}
            </p>
          )}
          <div>
            <p className="mb-1 text-sm font-medium text-slate-700">{t('settings.callback.secret')}</p>
            <div className="flex items-center gap-2">
              <code className="flex-1 truncate rounded bg-slate-100 px-2 py-1.5 text-xs" data-testid="callback-secret">
                {issued || (callback.data.Url ? `whsec_••••••••${callback.data.SecretEnd}` : '—')}
              </code>
              {issued && (
                <Button
                  variant="secondary"
                  onClick={() =>
                    void navigator.clipboard?.writeText(issued).then(
                      () => setCopied(true),
                      () => setCopied(false),
                    )
                  }
                >
                  {copied ? t('settings.callback.copied') : t('settings.callback.copy')}
                </Button>
              )}
            </div>
            {issued ? (
              <p role="status" className="mt-1 text-xs font-medium text-amber-800">
                {t('settings.callback.secretOnce')}
              </p>
            ) : (
              <p className="mt-1 text-xs text-slate-500">
                {t(callback.data.Url ? 'settings.callback.secretHidden' : 'settings.callback.secretFirst')}
              </p>
            )}
            <p className="mt-1 text-xs text-slate-500">{t('settings.callback.secretHint')}</p>
          </div>
          <p className="text-xs text-slate-500" data-testid="callback-last">
            {callback.data.LastDeliveryTime > 0
              ? t('settings.callback.last', {
                  time: formatTime(callback.data.LastDeliveryTime),
                  status: callback.data.LastStatus || '—',
                })
              : t('settings.callback.never')}
          </p>
        </div>
      )}
    </Card>
  );
}

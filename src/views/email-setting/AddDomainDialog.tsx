import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { addEmailDomainMutation } from '../../gateway/client/mutations/email-domains';
import { fieldErrorsOf } from '../../gateway/contract/field-errors';
import {
  DEFAULT_TRACKING_PREFIX,
  emailDomainField,
  isMailboxProviderDomain,
  trackingPrefixField,
} from '../../gateway/contract/email-domains';
import type { EmailDomain } from '../../gateway/contract/actions/email-domains';
import { useLabel } from '../../i18n/useLabel';
import type { TranslationKey } from '../../i18n/keys';
import { gatewayMessage } from '../gateway-bridge';
import { useNotify } from '../shell/actors';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/TextField';

const schema = z.object({ Domain: emailDomainField, TrackingPrefix: trackingPrefixField });

/** Adds a domain: its name is checked by the shared rules as it is typed; mailbox providers are refused. */
export function AddDomainDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (domain: EmailDomain) => void;
}) {
  const { t } = useTranslation('emailSetting');
  const label = useLabel();
  const notify = useNotify();
  const client = useQueryClient();
  const adding = useMutation(addEmailDomainMutation(client));
  const [domain, setDomain] = useState('');
  const [prefix, setPrefix] = useState(DEFAULT_TRACKING_PREFIX);
  const [touched, setTouched] = useState(false);
  const input = { Domain: domain, TrackingPrefix: prefix };
  const errors = fieldErrorsOf(schema, input, {});
  if (!errors.Domain && isMailboxProviderDomain(domain.trim())) errors.Domain = 'validation:emailDomainMailboxProvider';
  const shown = (field: string) => (touched && errors[field] ? label(errors[field] as TranslationKey) : undefined);
  const close = () => {
    adding.reset();
    setTouched(false);
    setDomain('');
    setPrefix(DEFAULT_TRACKING_PREFIX);
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    adding.mutate(input, {
      onSuccess: (added) => {
        notify(t('add.added', { domain: added.Domain }));
        close();
        onAdded(added);
      },
    });
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('add.title')}
      testId="add-domain-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('add.cancel')}
          </Button>
          <Button loading={adding.isPending} onClick={submit}>
            {t('add.submit')}
          </Button>
        </>
      }
    >
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p className="rounded-[var(--radius-herald)] bg-amber-50 p-3 text-sm text-amber-900" role="note">
          {t('add.warning')}
        </p>
        <TextField
          label={t('add.domain')}
          hint={t('add.domainHint')}
          value={domain}
          onValueChange={setDomain}
          error={shown('Domain')}
          autoComplete="off"
        />
        <TextField
          label={t('add.trackingPrefix')}
          hint={t('add.trackingHint')}
          value={prefix}
          onValueChange={setPrefix}
          error={shown('TrackingPrefix')}
        />
        {adding.error && (
          <p role="alert" className="text-sm text-red-700">
            {gatewayMessage(adding.error)}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}

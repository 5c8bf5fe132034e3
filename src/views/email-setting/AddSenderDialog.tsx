import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { addEmailSenderMutation } from '../../gateway/client/mutations/email-domains';
import { emailDomainListQuery } from '../../gateway/client/queries/email-domains';
import { fieldErrorsOf } from '../../gateway/contract/field-errors';
import { senderAliasField, senderLocalPartField } from '../../gateway/contract/email-domains';
import { emailDomainUsable } from '../../machines/lifecycles/email-domain.machine';
import { useLabel } from '../../i18n/useLabel';
import type { TranslationKey } from '../../i18n/keys';
import { gatewayMessage } from '../gateway-bridge';
import { useNotify } from '../shell/actors';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';

const schema = z.object({ Alias: senderAliasField, LocalPart: senderLocalPartField });

/** A sender: a name and an address whose domain is one of the account's; only a verified domain is accepted. */
export function AddSenderDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('emailSetting');
  const label = useLabel();
  const notify = useNotify();
  const client = useQueryClient();
  const domains = useQuery(emailDomainListQuery());
  const adding = useMutation(addEmailSenderMutation(client));
  const [alias, setAlias] = useState('');
  const [local, setLocal] = useState('');
  const [chosen, setChosen] = useState('');
  const [touched, setTouched] = useState(false);
  const list = domains.data?.Domains ?? [];
  // The first verified domain unless the user chose another.
  const domain = list.find((d) => d.Domain === chosen) ?? list.find((d) => emailDomainUsable(d.Status)) ?? list[0];
  const errors = fieldErrorsOf(schema, { Alias: alias, LocalPart: local }, {});
  if (!domain) errors.Domain = 'emailSetting:addSender.noDomains';
  else if (!emailDomainUsable(domain.Status)) errors.Domain = 'validation:senderDomainUnverified';
  const shown = (field: string) => (touched && errors[field] ? label(errors[field] as TranslationKey) : undefined);
  const close = () => {
    adding.reset();
    setTouched(false);
    setAlias('');
    setLocal('');
    onClose();
  };
  const submit = () => {
    setTouched(true);
    if (Object.keys(errors).length > 0 || !domain) return;
    const Address = `${local.trim()}@${domain.Domain}`;
    adding.mutate(
      { Alias: alias, Address },
      {
        onSuccess: (sender) => {
          notify(t('addSender.added', { address: sender.Address }));
          close();
        },
      },
    );
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('addSender.title')}
      testId="add-sender-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('addSender.cancel')}
          </Button>
          <Button loading={adding.isPending} onClick={submit}>
            {t('addSender.submit')}
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        <TextField label={t('addSender.alias')} value={alias} onValueChange={setAlias} error={shown('Alias')} />
        <div className="grid grid-cols-[1fr_auto_1fr] items-start gap-2">
          <TextField
            label={t('addSender.localPart')}
            value={local}
            onValueChange={setLocal}
            error={shown('LocalPart')}
            autoComplete="off"
          />
          <span className="pt-8 text-slate-500">@</span>
          {list.length > 0 ? (
            <div>
              <Select
                label={t('addSender.domain')}
                value={domain?.Domain ?? ''}
                onChange={setChosen}
                options={list.map((d) => ({
                  value: d.Domain,
                  label: emailDomainUsable(d.Status) ? d.Domain : t('addSender.domainOption', { domain: d.Domain }),
                }))}
              />
              {shown('Domain') && (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  {shown('Domain')}
                </p>
              )}
            </div>
          ) : (
            <p role="alert" className="pt-8 text-sm text-red-700">
              {t('addSender.noDomains')}
            </p>
          )}
        </div>
        {adding.error && (
          <p role="alert" className="text-sm text-red-700">
            {gatewayMessage(adding.error)}
          </p>
        )}
      </div>
    </Dialog>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateContactMutation } from '../../gateway/client/mutations/audience';
import type { Contact, ContactAttribute } from '../../gateway/contract/audience/contact-fields';
import { SUPPRESSIBLE_CHANNELS, type SuppressibleChannel } from '../../gateway/contract/audience/rules';
import { gatewayMessage } from '../gateway-bridge';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { AttributeInput } from './AttributeInput';
import { shownPhone } from './AudiencePage';

/** Edits a contact: channels, name, tags, every attribute with its own input, and per-channel suppression. */
export function ContactForm({ contact, attributes }: { contact: Contact; attributes: ContactAttribute[] }) {
  const { t } = useTranslation('audience');
  const client = useQueryClient();
  const saving = useMutation(updateContactMutation(client));
  const [fields, setFields] = useState({
    Email: contact.Email,
    Phone: shownPhone(contact.Phone),
    WhatsApp: shownPhone(contact.WhatsApp),
    FirstName: contact.FirstName,
    LastName: contact.LastName,
  });
  const [tags, setTags] = useState(contact.Tags.join(', '));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(attributes.map((a) => [a.AttributeId, String(contact.Attributes[a.AttributeId] ?? '')])),
  );
  const [suppressed, setSuppressed] = useState<Set<SuppressibleChannel>>(new Set(contact.Suppressed));
  const save = () =>
    saving.mutate({
      ContactId: contact.ContactId,
      ...fields,
      Tags: tags
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
      Attributes: values,
      Suppressed: [...suppressed],
    });
  const text = (name: keyof typeof fields, label: string) => (
    <TextField
      label={label}
      value={fields[name]}
      onValueChange={(value) => setFields((f) => ({ ...f, [name]: value }))}
    />
  );
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {text('Email', t('fields.email'))}
        {text('Phone', t('fields.phone'))}
        {text('WhatsApp', t('fields.whatsapp'))}
        {text('FirstName', t('fields.firstName'))}
        {text('LastName', t('fields.lastName'))}
        <TextField label={t('fields.tags')} hint={t('contact.tagsHint')} value={tags} onValueChange={setTags} />
      </div>
      {attributes.length > 0 && (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium text-slate-700">{t('contact.attributes')}</legend>
          {attributes.map((attribute) => (
            <AttributeInput
              key={attribute.AttributeId}
              attribute={attribute}
              value={values[attribute.AttributeId] ?? ''}
              onChange={(value) => setValues((current) => ({ ...current, [attribute.AttributeId]: value }))}
            />
          ))}
        </fieldset>
      )}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">{t('contact.suppressed')}</legend>
        <div className="flex flex-wrap gap-4">
          {SUPPRESSIBLE_CHANNELS.map((channel) => (
            <label key={channel} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={suppressed.has(channel)}
                onChange={() =>
                  setSuppressed((current) => {
                    const next = new Set(current);
                    if (next.has(channel)) next.delete(channel);
                    else next.add(channel);
                    return next;
                  })
                }
              />
              {t(`channels.${channel}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {saving.error && (
        <p role="alert" className="text-sm text-red-700">
          {gatewayMessage(saving.error) ?? t('saveFailed')}
        </p>
      )}
      {saving.isSuccess && (
        <p role="status" className="text-sm text-green-700">
          {t('saved')}
        </p>
      )}
      <div>
        <Button type="submit" loading={saving.isPending}>
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

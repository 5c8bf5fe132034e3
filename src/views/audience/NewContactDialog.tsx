import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { createContactMutation } from '../../gateway/client/mutations/audience';
import { gatewayMessage } from '../gateway-bridge';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/TextField';

const FIELDS = ['Email', 'Phone', 'WhatsApp', 'FirstName', 'LastName'] as const;
const LABELS = {
  Email: 'email',
  Phone: 'phone',
  WhatsApp: 'whatsapp',
  FirstName: 'firstName',
  LastName: 'lastName',
} as const;

/** A new contact's channels and name; its attributes, tags and lists are set on its own page. */
export function NewContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('audience');
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<Record<(typeof FIELDS)[number], string>>({
    Email: '',
    Phone: '',
    WhatsApp: '',
    FirstName: '',
    LastName: '',
  });
  const creating = useMutation(createContactMutation(client));
  const close = () => {
    creating.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('contacts.new')}
      description={t('contacts.newHint')}
      testId="new-contact-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('cancel')}
          </Button>
          <Button
            loading={creating.isPending}
            onClick={() =>
              creating.mutate(values, { onSuccess: ({ ContactId }) => navigate(`/audience/contact/${ContactId}`) })
            }
          >
            {t('save')}
          </Button>
        </>
      }
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`fields.${LABELS[field]}`)}
            value={values[field]}
            onValueChange={(value) => setValues((current) => ({ ...current, [field]: value }))}
            placeholder={field === 'Phone' || field === 'WhatsApp' ? '+14155550100' : undefined}
          />
        ))}
      </div>
      {creating.error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {gatewayMessage(creating.error) ?? t('saveFailed')}
        </p>
      )}
    </Dialog>
  );
}

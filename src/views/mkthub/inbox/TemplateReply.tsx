import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { templateReplyInboxMutation } from '../../../gateway/client/mutations/inbox';
import { waTemplateListQuery } from '../../../gateway/client/queries/wa-templates';
import type { InboxMessage } from '../../../gateway/contract/actions/inbox';
import { newIdempotencyKey } from '../../../gateway/contract/idempotency-key';
import { fillWaBody } from '../../../gateway/contract/wa-send';
import { waVariables } from '../../../gateway/contract/wa-templates';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';

/**
 * "Send a template" for a WhatsApp message (docs/decisions.md "WhatsApp settings and template replies"): an
 * APPROVED template of the account's business number, its {{n}} filled, sent to the customer as a
 * one-recipient WhatsApp task (priced and recorded as /whatsapp/sending's). The only answer outside the
 * 24-hour customer-service window.
 */
export function TemplateReply({ message }: { message: InboxMessage }) {
  const { t } = useTranslation('mkthub');
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('inbox.template.open')}
        </Button>
      </div>
    );
  return <TemplateReplyForm message={message} onDone={() => setOpen(false)} />;
}

function TemplateReplyForm({ message, onDone }: { message: InboxMessage; onDone: () => void }) {
  const { t } = useTranslation('mkthub');
  const client = useQueryClient();
  const templates = useQuery(waTemplateListQuery({ Page: 1, NumPerPage: 100, Status: 'APPROVED' }));
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const key = useRef<string | null>(null);
  const send = useMutation(templateReplyInboxMutation(client));
  const template = templates.data?.Templates.find((item) => item.TemplateId === templateId);
  const count = template ? new Set(waVariables(template.Body)).size : 0;
  const filled = Array.from({ length: count }, (_, i) => values[i]?.trim() ?? '');
  const ready = !!template && filled.every(Boolean);
  return (
    <form
      className="flex flex-col gap-3 rounded border border-slate-200 p-3"
      aria-label={t('inbox.template.title')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!template || !ready) return;
        key.current ??= newIdempotencyKey();
        send.mutate(
          {
            MessageId: message.MessageId,
            TemplateId: template.TemplateId,
            Values: filled,
            IdempotencyKey: key.current,
          },
          {
            onSuccess: () => {
              key.current = null;
              onDone();
            },
          },
        );
      }}
    >
      <Select
        label={t('inbox.template.template')}
        value={templateId}
        placeholder={templates.isPending ? t('inbox.loading') : t('inbox.template.choose')}
        onChange={(next: string) => {
          key.current = null;
          setTemplateId(next);
          setValues([]);
        }}
        options={(templates.data?.Templates ?? []).map((item) => ({
          value: item.TemplateId,
          label: `${item.Name} (${item.Language})`,
        }))}
      />
      {templates.data && templates.data.Templates.length === 0 && (
        <p className="text-sm text-slate-600">{t('inbox.template.none')}</p>
      )}
      {Array.from({ length: count }, (_, i) => (
        <TextField
          key={i}
          label={t('inbox.template.variable', { n: i + 1 })}
          value={values[i] ?? ''}
          maxLength={500}
          onValueChange={(value) => {
            key.current = null;
            setValues((before) => Object.assign([...before], { [i]: value }));
          }}
        />
      ))}
      {template && (
        <p
          className="rounded bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-700"
          aria-label={t('inbox.template.preview')}
        >
          {fillWaBody(
            template.Body,
            filled.map((value, i) => value || `{{${i + 1}}}`),
          )}
        </p>
      )}
      {send.isError && (
        <p role="alert" className="text-sm text-red-600">
          {send.error.message}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" loading={send.isPending} disabled={!ready}>
          {t('inbox.template.send')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('inbox.template.cancel')}
        </Button>
      </div>
    </form>
  );
}

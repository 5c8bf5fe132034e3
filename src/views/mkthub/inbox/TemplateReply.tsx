import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { inboxKeys } from '../../../gateway/client/queries/inbox';
import { waTemplateListQuery } from '../../../gateway/client/queries/wa-templates';
import type { InboxMessage } from '../../../gateway/contract/actions/inbox';
import { fillWaBody } from '../../../gateway/contract/wa-send';
import { waVariables } from '../../../gateway/contract/wa-templates';
import { filledValues, templateReplyMachine } from '../../../machines/template-reply.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';

/**
 * "Send a template" for a WhatsApp message (docs/decisions.md "WhatsApp settings and template replies"): an
 * APPROVED template of the account's business number, its {{n}} filled, sent to the customer as a
 * one-recipient WhatsApp task (priced and recorded as /whatsapp/sending's). The only answer outside the
 * 24-hour customer-service window. The form is the templateReply machine.
 */
export function TemplateReply({ message }: { message: InboxMessage }) {
  const { t } = useTranslation('mkthub');
  const text = useText();
  const client = useQueryClient();
  const actor = useActorRef(templateReplyMachine, { input: { messageId: message.MessageId }, inspect: inspectActor });
  const step = useSelector(actor, (s) => String(s.value));
  const context = useSelector(actor, (s) => s.context);
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'form.submit' }));
  const templates = useQuery({
    ...waTemplateListQuery({ Page: 1, NumPerPage: 100, Status: 'APPROVED' }),
    enabled: step !== 'closed',
  });

  useEffect(() => {
    if (step === 'sent') void client.invalidateQueries({ queryKey: inboxKeys.all });
  }, [step, client]);

  if (step === 'closed')
    return (
      <div>
        <Button variant="secondary" onClick={() => actor.send({ type: 'form.open' })}>
          {t('inbox.template.open')}
        </Button>
      </div>
    );
  if (step === 'sent')
    return (
      <div role="status" className="flex items-center gap-3 rounded border border-slate-200 p-3 text-sm">
        <span>{t('inbox.template.sent')}</span>
        <Button variant="secondary" onClick={() => actor.send({ type: 'form.close' })}>
          {t('inbox.template.done')}
        </Button>
      </div>
    );

  const template = templates.data?.Templates.find((item) => item.TemplateId === context.template?.templateId);
  const filled = filledValues(context);
  return (
    <form
      className="flex flex-col gap-3 rounded border border-slate-200 p-3"
      aria-label={t('inbox.template.title')}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'form.submit' });
      }}
    >
      <Select
        label={t('inbox.template.template')}
        value={context.template?.templateId ?? null}
        placeholder={templates.isPending ? t('inbox.loading') : t('inbox.template.choose')}
        disabled={step === 'sending'}
        onChange={(next: string) => {
          const chosen = templates.data?.Templates.find((item) => item.TemplateId === next);
          if (chosen)
            actor.send({
              type: 'template.choose',
              template: { templateId: chosen.TemplateId, variableCount: new Set(waVariables(chosen.Body)).size },
            });
        }}
        options={(templates.data?.Templates ?? []).map((item) => ({
          value: item.TemplateId,
          label: `${item.Name} (${item.Language})`,
        }))}
      />
      {templates.data && templates.data.Templates.length === 0 && (
        <p className="text-sm text-slate-600">{t('inbox.template.none')}</p>
      )}
      {filled.map((_, i) => (
        <TextField
          key={i}
          label={t('inbox.template.variable', { n: i + 1 })}
          value={context.values[i] ?? ''}
          maxLength={500}
          onValueChange={(value) => actor.send({ type: 'field.change', index: i, value })}
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
      {step === 'failed' && (
        <p role="alert" className="text-sm text-red-600">
          {text(context.error)}
        </p>
      )}
      <div className="flex gap-2">
        {step === 'failed' ? (
          <Button onClick={() => actor.send({ type: 'form.retry' })}>{t('inbox.template.retry')}</Button>
        ) : (
          <Button type="submit" loading={step === 'sending'} disabled={!canSubmit && step !== 'sending'}>
            {t('inbox.template.send')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => actor.send({ type: 'form.cancel' })}>
          {t('inbox.template.cancel')}
        </Button>
      </div>
    </form>
  );
}

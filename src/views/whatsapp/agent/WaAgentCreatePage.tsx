import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { smsTimeZonesQuery } from '../../../gateway/client/queries/sms';
import { waAgentKeys } from '../../../gateway/client/queries/wa-agent';
import { COUNTRIES } from '../../../gateway/contract/countries';
import {
  WA_AGENT_CONTENT_MAX,
  WA_AGENT_NAME_MAX,
  WA_AGENT_PRICE_PER_RECIPIENT,
} from '../../../gateway/contract/wa-agent';
import { waAgentCreateMachine, waAgentEstimate, type WaAgentField } from '../../../machines/wa-agent-create.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { validRecipients } from '../../../workers/sms-recipients';
import { countryLabel, formatCount } from '../../common/format';
import { LeaveGuard } from '../../common/LeaveGuard';
import { useChangedSinceReady } from '../../common/useChangedSinceReady';
import { useText } from '../../common/useText';
import { useNotify } from '../../shell/actors';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { Combobox } from '../../ui/Select';
import { Textarea } from '../../ui/Textarea';
import { TextField } from '../../ui/TextField';
import { useMoney, waAgentDetailPath, WA_AGENT_LIST_PATH } from './labels';
import { FileUploadField } from '../../common/FileUploadField';
import { InsertShortLinkButton } from '../../common/short-links/InsertShortLinkButton';
import { insertIntoTextarea } from '../../common/short-links/insert-at-cursor';
import { IMAGE_TYPES, VIDEO_TYPES } from '../../../gateway/contract/actions/upload-rules';

/** The campaign's optional media: an image or a video. */
const AGENT_MEDIA_TYPES = [...IMAGE_TYPES, ...VIDEO_TYPES];

/** /whatsapp/agent-create: the campaign form, bound to waAgentCreateMachine. */
export default function WaAgentCreatePage() {
  const { t, i18n } = useTranslation('waAgent');
  const text = useText();
  const notify = useNotify();
  const client = useQueryClient();
  const money = useMoney();
  const [, navigate] = useLocation();
  const actor = useActorRef(waAgentCreateMachine, { input: {}, inspect: inspectActor });
  const context = useSelector(actor, (s) => s.context);
  const checking = useSelector(actor, (s) => s.matches({ form: 'checking' }));
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const submitted = useSelector(actor, (s) => s.matches('submitted'));
  const zones = useQuery(smsTimeZonesQuery());
  const [pasted, setPasted] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const { form, fieldErrors: errors, list } = context;
  // a pasted or uploaded list counts by its presence: its numbers are too many to compare on every render
  const changed = useChangedSinceReady(true, [form, pasted.length, list !== null]);
  const err = (field: string) => text(errors[field]) || undefined;
  const set = (field: WaAgentField) => (value: string) => actor.send({ type: 'field.change', field, value });
  const lang = i18n.language;
  const count = (n: number) => formatCount(n, lang);

  useEffect(() => {
    if (!submitted || !context.taskId) return;
    notify(t('form.submitted'));
    void client.invalidateQueries({ queryKey: waAgentKeys.all });
    navigate(waAgentDetailPath(context.taskId));
  }, [submitted, context.taskId, notify, t, client, navigate]);

  return (
    <PageFrame
      title={t('titles.create')}
      actions={
        <Link href={WA_AGENT_LIST_PATH} className="text-sm font-medium text-brand-700 hover:underline">
          {t('form.back')}
        </Link>
      }
    >
      <LeaveGuard dirty={changed && !submitted} />
      <form
        noValidate
        className="flex max-w-3xl flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <Card>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              label={t('form.name')}
              value={form.Name}
              maxLength={WA_AGENT_NAME_MAX}
              onValueChange={set('Name')}
              error={err('Name')}
              className="md:col-span-2"
            />
            <Combobox
              label={t('form.country')}
              testId="agent-country"
              value={form.CountryCode || null}
              placeholder={t('form.countryPlaceholder')}
              noMatches={t('form.noCountries')}
              error={err('CountryCode')}
              options={COUNTRIES.map((c) => ({
                value: c.CountryCode,
                label: countryLabel(c, lang),
                hint: c.CountryCode,
              }))}
              onChange={set('CountryCode')}
            />
            <Combobox
              label={t('form.timeZone')}
              testId="agent-zone"
              value={form.TimeZone || null}
              placeholder={t('form.timeZonePlaceholder')}
              noMatches={t('form.noTimeZones')}
              error={err('TimeZone')}
              options={(zones.data?.TimeZones ?? []).map((z) => ({
                value: z.ZoneKey,
                label: `${z.ZoneKey} (UTC${z.Offset})`,
                hint: z.Area,
              }))}
              onChange={set('TimeZone')}
            />
            <TextField
              type="datetime-local"
              label={t('form.expected')}
              hint={t('form.expectedHint')}
              value={form.ExpectedSendTime.replace(' ', 'T')}
              onValueChange={set('ExpectedSendTime')}
              error={err('ExpectedSendTime')}
            />
          </div>
        </Card>
        <Card>
          <Textarea
            label={t('form.content')}
            hint={t('form.contentHint')}
            value={form.Content}
            rows={5}
            counter={{ count: form.Content.length, max: WA_AGENT_CONTENT_MAX }}
            onValueChange={set('Content')}
            error={err('Content')}
            ref={contentRef}
          />
          <InsertShortLinkButton
            className="mt-2"
            context={{ channel: 'whatsapp', campaign: form.Name }}
            onInsert={(link) => insertIntoTextarea(contentRef.current, form.Content, link.ShortUrl, set('Content'))}
          />
          <div className="mt-4">
            <FileUploadField
              label={t('form.media')}
              hint={t('form.mediaHint')}
              error={err('MediaFileId')}
              accept={AGENT_MEDIA_TYPES}
              library
              onStored={({ fileId }) => set('MediaFileId')(fileId)}
            />
          </div>
        </Card>
        <Card title={t('form.recipients')}>
          <Textarea
            label={t('form.paste')}
            hint={t('form.pasteHint')}
            value={pasted}
            rows={5}
            onValueChange={setPasted}
            onBlur={() => pasted.trim() && actor.send({ type: 'recipients.paste', text: pasted })}
          />
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <Button
              type="button"
              variant="secondary"
              onClick={() => actor.send({ type: 'recipients.paste', text: pasted })}
              disabled={!pasted.trim()}
            >
              {t('form.check')}
            </Button>
            <label className="text-sm text-slate-700">
              <span className="mr-2">{t('form.file')}</span>
              <input
                ref={fileInput}
                type="file"
                accept=".xlsx,.txt"
                className="text-sm"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) actor.send({ type: 'recipients.file', file });
                }}
              />
            </label>
          </div>
          <div aria-live="polite" className="mt-2 text-sm text-slate-600" data-testid="agent-recipients">
            {checking && <p>{t('form.checking')}</p>}
            {!checking && list && (
              <>
                <p>
                  {t('form.summary', {
                    count: count(list.count),
                    valid: count(validRecipients(list)),
                    invalid: count(list.invalid),
                    duplicates: count(list.duplicates),
                  })}
                </p>
                {list.sample.length > 0 && (
                  <p className="truncate text-xs text-slate-500">
                    {t('form.sample', { items: list.sample.join(', ') })}
                  </p>
                )}
              </>
            )}
            {err('Recipients') && (
              <p role="alert" className="text-red-700">
                {err('Recipients')}
              </p>
            )}
          </div>
        </Card>
        <Card title={t('form.estimate')}>
          <p className="text-sm text-slate-700" data-testid="agent-estimate">
            {t('form.estimateLine', {
              count: count(list ? validRecipients(list) : 0),
              price: money(WA_AGENT_PRICE_PER_RECIPIENT, 4),
              total: money(waAgentEstimate(list)),
            })}
          </p>
        </Card>
        {context.error && !Object.keys(errors).length && (
          <p role="alert" className="text-sm text-red-700">
            {text(context.error)}
          </p>
        )}
        <div>
          <Button type="submit" loading={submitting} disabled={checking}>
            {submitting ? t('form.submitting') : t('form.submit')}
          </Button>
        </div>
      </form>
    </PageFrame>
  );
}

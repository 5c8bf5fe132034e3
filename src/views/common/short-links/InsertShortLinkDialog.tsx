import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { findOrCreateShortLinkMutation } from '../../../gateway/client/mutations/short-links';
import { shortLinkListQuery } from '../../../gateway/client/queries/short-links';
import type { ShortLink } from '../../../gateway/contract/actions/short-links';
import type { FieldErrors } from '../../../gateway/contract/field-errors';
import { COMPOSER_UTM_MEDIUM, type ComposerChannel } from '../../../gateway/contract/short-links';
import {
  SHORT_LINK_FIELD_NAMES,
  shortLinkRequest,
  validateShortLink,
  type ShortLinkField,
} from '../../../machines/short-link-create.machine';
import { gatewayFieldErrors, gatewayMessage } from '../../gateway-bridge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Combobox } from '../../ui/Select';
import { ShortLinkFields, type ShortLinkFieldSpec } from './ShortLinkFields';
import { useDebounced } from '../useDebounced';

// "Insert short link" (issue 16 item 5; docs/decisions.md "Short links in message content"): one form, no
// steps. An existing link (searched by title) fills the destination and title; the UTM parameters come from
// the composer (source = channel, medium "message", campaign = the name being composed), all editable. The
// gateway hands back the account's link with that destination + UTM, or makes it: one link per campaign.

const FIELDS: ShortLinkFieldSpec[] = [
  { field: 'url', label: 'form.url', wide: true, hint: 'form.urlHint' },
  { field: 'title', label: 'form.title', wide: true },
  { field: 'utmSource', label: 'form.utmSource' },
  { field: 'utmMedium', label: 'form.utmMedium' },
  { field: 'utmCampaign', label: 'form.utmCampaign', wide: true, hint: 'insert.campaignHint' },
  { field: 'utmTerm', label: 'form.utmTerm' },
  { field: 'utmContent', label: 'form.utmContent' },
];

export interface ComposerLinkContext {
  channel: ComposerChannel;
  /** The task, template or campaign being composed: the proposed UTM campaign. */
  campaign: string;
}

export function InsertShortLinkDialog({
  open,
  onClose,
  onInsert,
  context,
}: {
  open: boolean;
  onClose: () => void;
  onInsert: (link: ShortLink & { Reused: boolean }) => void;
  context: ComposerLinkContext;
}) {
  const { t } = useTranslation('shortLinks');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('insert.title')}
      description={t('insert.description', { channel: t(`insert.channel.${context.channel}`) })}
      size="lg"
      testId="insert-short-link"
    >
      {/* Mounted while open only: every opening starts from the composer's context. */}
      {open && <InsertShortLinkForm context={context} onCancel={onClose} onInsert={onInsert} />}
    </Dialog>
  );
}

function InsertShortLinkForm({
  context,
  onCancel,
  onInsert,
}: {
  context: ComposerLinkContext;
  onCancel: () => void;
  onInsert: (link: ShortLink & { Reused: boolean }) => void;
}) {
  const { t } = useTranslation('shortLinks');
  const formId = useId();
  const client = useQueryClient();
  const [values, setValues] = useState<Record<ShortLinkField, string>>({
    title: '',
    url: '',
    utmSource: context.channel,
    utmMedium: COMPOSER_UTM_MEDIUM,
    utmCampaign: context.campaign.trim(),
    utmTerm: '',
    utmContent: '',
  });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [chosen, setChosen] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const keyword = useDebounced(query.trim(), 250);
  const links = useQuery({ ...shortLinkListQuery(keyword, 1), placeholderData: keepPreviousData });
  const insert = useMutation(findOrCreateShortLinkMutation(client));
  const options = (links.data?.Links ?? []).map((link) => ({ value: link.LinkId, label: link.Title, hint: link.Url }));

  const change = (field: ShortLinkField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };
  const choose = (linkId: string) => {
    const link = links.data?.Links.find((l) => l.LinkId === linkId);
    if (!link) return;
    setChosen(linkId);
    setValues((current) => ({ ...current, title: link.Title, url: link.Url }));
    setFieldErrors((current) => ({ ...current, title: undefined, url: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits in a portal, but React still bubbles its submit to the composer's own form.
    event.stopPropagation();
    const errors = validateShortLink(values);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    insert.mutate(shortLinkRequest(values), {
      onSuccess: onInsert,
      onError: (cause) => setFieldErrors(gatewayFieldErrors(cause, SHORT_LINK_FIELD_NAMES)),
    });
  };
  const failure = insert.isError && Object.keys(fieldErrors).length === 0;

  return (
    <form id={formId} noValidate onSubmit={submit}>
      {failure && (
        <p role="alert" className="mb-4 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800">
          {gatewayMessage(insert.error) ?? t('insert.failed')}
        </p>
      )}
      <Combobox
        label={t('insert.existing')}
        testId="insert-short-link-existing"
        value={chosen}
        placeholder={t('insert.existingPlaceholder')}
        noMatches={links.isPending ? t('insert.loading') : t('insert.noMatches')}
        options={options}
        onQueryChange={setQuery}
        onChange={choose}
      />
      <div className="mt-4">
        <ShortLinkFields fields={FIELDS} values={values} errors={fieldErrors} onChange={change} />
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={insert.isPending}>
          {t('insert.submit')}
        </Button>
      </div>
    </form>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { smsTagsQuery } from '../../../../gateway/client/queries/sms';
import { saveSmsTagMutation } from '../../../../gateway/client/mutations/sms';
import { gatewayMessage } from '../../../gateway-bridge';
import { Button } from '../../../ui/Button';
import type { SendActor } from './ComposeForm';

/** Tags of the task: pick existing ones or create one (SaveUSMSTag; a tag must be unique). */
export function TagPicker({ actor }: { actor: SendActor }) {
  const { t } = useTranslation('sms');
  const id = useId();
  const tags = useSelector(actor, (s) => s.context.form.tags);
  const existing = useQuery(smsTagsQuery());
  const client = useQueryClient();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setTags = (next: string[]) => actor.send({ type: 'tags.set', tags: next });
  const create = useMutation(saveSmsTagMutation(client));
  const addTag = (name: string) =>
    create.mutate(name, {
      onSuccess: (data) => {
        setTags([...tags.filter((tag) => tag !== data.TagName), data.TagName]);
        setDraft('');
        setError(null);
      },
      onError: (cause) => setError(gatewayMessage(cause) ?? t('errors.network')),
    });
  const available = (existing.data?.Tags ?? []).filter((tag) => !tags.includes(tag));

  return (
    <div className="md:col-span-2">
      <span id={`${id}-label`} className="mb-1 block text-sm font-medium text-slate-700">
        {t('send.fields.tags')}
      </span>
      <ul aria-labelledby={`${id}-label`} className="mb-2 flex flex-wrap gap-1">
        {tags.map((tag) => (
          <li key={tag} className="flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-700">
            {tag}
            <button
              type="button"
              aria-label={t('send.removeTag', { tag })}
              onClick={() => setTags(tags.filter((other) => other !== tag))}
              className="text-brand-700/70 hover:text-brand-700"
            >
              ×
            </button>
          </li>
        ))}
        {available.map((tag) => (
          <li key={tag}>
            <button
              type="button"
              onClick={() => setTags([...tags, tag])}
              className="rounded-full px-2 py-0.5 text-xs text-slate-600 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              + {tag}
            </button>
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <label htmlFor={`${id}-new`} className="sr-only">
          {t('send.newTag')}
        </label>
        <input
          id={`${id}-new`}
          value={draft}
          maxLength={32}
          placeholder={t('send.newTag')}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (draft.trim()) addTag(draft.trim());
            }
          }}
          className="w-full rounded-[var(--radius-herald)] border border-slate-300 px-3 py-1.5 text-sm outline-none focus:ring-2 focus:ring-brand-500"
        />
        <Button
          variant="secondary"
          className="whitespace-nowrap"
          loading={create.isPending}
          disabled={!draft.trim()}
          onClick={() => addTag(draft.trim())}
        >
          {t('send.addTag')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

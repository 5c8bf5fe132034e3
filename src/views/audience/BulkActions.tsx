import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addToListMutation,
  deleteContactsMutation,
  tagContactsMutation,
} from '../../gateway/client/mutations/audience';
import type { ContactList } from '../../gateway/contract/audience/contact-fields';
import { BULK_CONTACTS_MAX } from '../../gateway/contract/audience/rules';
import { gatewayMessage } from '../gateway-bridge';
import { Button } from '../ui/Button';
import { ConfirmDialog, Dialog } from '../ui/Dialog';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';

type Step = 'tag' | 'list' | 'delete' | null;

/** Tag, untag, add to a list (at most 500 at once, spec 001 §9) or delete the selected contacts. */
export function BulkActions({
  selected,
  lists,
  onDone,
}: {
  selected: number[];
  lists: ContactList[];
  onDone: () => void;
}) {
  const { t } = useTranslation('audience');
  const client = useQueryClient();
  const [step, setStep] = useState<Step>(null);
  const [tag, setTag] = useState('');
  const [listId, setListId] = useState<number | null>(null);
  const tagging = useMutation(tagContactsMutation(client));
  const adding = useMutation(addToListMutation(client));
  const deleting = useMutation(deleteContactsMutation(client));
  const close = () => {
    setStep(null);
    tagging.reset();
    adding.reset();
    deleting.reset();
  };
  const finish = () => {
    close();
    onDone();
  };
  const failure = gatewayMessage(tagging.error ?? adding.error ?? deleting.error);
  if (selected.length === 0)
    return <p className="text-sm text-slate-500">{t('bulk.hint', { max: BULK_CONTACTS_MAX })}</p>;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="bulk-actions">
      <span className="text-sm text-slate-700">{t('bulk.selected', { count: selected.length })}</span>
      <Button variant="secondary" onClick={() => setStep('tag')}>
        {t('bulk.tag')}
      </Button>
      <Button variant="secondary" onClick={() => setStep('list')} disabled={lists.length === 0}>
        {t('bulk.addToList')}
      </Button>
      <Button variant="danger" onClick={() => setStep('delete')}>
        {t('bulk.delete')}
      </Button>
      <Dialog
        open={step === 'tag'}
        onClose={close}
        title={t('bulk.tagTitle', { count: selected.length })}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              {t('cancel')}
            </Button>
            {(['untag', 'tag'] as const).map((kind) => (
              <Button
                key={kind}
                variant={kind === 'tag' ? 'primary' : 'secondary'}
                disabled={!tag.trim()}
                loading={tagging.isPending && tagging.variables?.untag === (kind === 'untag')}
                onClick={() =>
                  tagging.mutate(
                    { ContactIds: selected, Tags: [tag.trim()], untag: kind === 'untag' },
                    { onSuccess: finish },
                  )
                }
              >
                {t(`bulk.${kind}Action`)}
              </Button>
            ))}
          </>
        }
      >
        <TextField label={t('fields.tag')} value={tag} onValueChange={setTag} error={failure ?? undefined} />
      </Dialog>
      <Dialog
        open={step === 'list'}
        onClose={close}
        title={t('bulk.listTitle', { count: selected.length })}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              {t('cancel')}
            </Button>
            <Button
              disabled={listId === null}
              loading={adding.isPending}
              onClick={() => adding.mutate({ ListId: listId!, ContactIds: selected }, { onSuccess: finish })}
            >
              {t('bulk.addAction')}
            </Button>
          </>
        }
      >
        <Select
          label={t('fields.list')}
          value={listId}
          options={lists.map((list) => ({ value: list.ListId, label: list.Name }))}
          onChange={setListId}
          error={failure ?? undefined}
        />
      </Dialog>
      <ConfirmDialog
        open={step === 'delete'}
        title={t('bulk.deleteTitle', { count: selected.length })}
        description={t('bulk.deleteBody')}
        confirmLabel={t('bulk.delete')}
        danger
        busy={deleting.isPending}
        error={failure}
        onClose={close}
        onConfirm={() => deleting.mutate(selected, { onSuccess: finish })}
      />
    </div>
  );
}

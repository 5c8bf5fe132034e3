import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAccessKeyMutation, revokeAccessKeyMutation } from '../../../gateway/client/mutations/settings';
import { ACCESS_KEYS_MAX, type AccessKeyInfo } from '../../../gateway/contract/actions/settings';
import { accessKeysQuery } from '../../../gateway/client/queries/settings';
import { useNotify } from '../../shell/actors';
import { TextField } from '../../ui/TextField';
import { Button } from '../../ui/Button';
import { DataTable, RowAction } from '../../ui/DataTable';
import { ConfirmDialog, Dialog } from '../../ui/Dialog';
import { SigningSteps } from './SigningSteps';

const time = (seconds: number) => dayjs.unix(seconds).format('YYYY-MM-DD HH:mm');

export function AccessKeysSection() {
  const { t } = useTranslation('settings');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const keys = useQuery(accessKeysQuery());
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<{ id: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<AccessKeyInfo | null>(null);
  const create = useMutation(createAccessKeyMutation(queryClient));
  const revoke = useMutation(revokeAccessKeyMutation(queryClient));
  const full = (keys.data?.AccessKeys.length ?? 0) >= ACCESS_KEYS_MAX;

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t('user.keys.intro')}</p>
      <SigningSteps />
      <form
        noValidate
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim())
            create.mutate(name.trim(), {
              onSuccess: (created) => {
                setName('');
                setSecret({ id: created.AccessKeyId, secret: created.AccessKeySecret });
              },
            });
        }}
      >
        <TextField
          className="flex-1"
          label={t('user.keys.name')}
          placeholder={t('user.keys.namePlaceholder')}
          maxLength={40}
          value={name}
          onValueChange={setName}
          hint={t('user.keys.limit', { max: ACCESS_KEYS_MAX })}
        />
        <Button type="submit" className="mb-5" loading={create.isPending} disabled={!name.trim() || full}>
          {t('user.keys.create')}
        </Button>
      </form>
      <DataTable
        caption={t('user.keys.caption')}
        testId="access-keys"
        rows={keys.data?.AccessKeys}
        isLoading={keys.isPending}
        rowKey={(row) => row.AccessKeyId}
        empty={{ title: t('user.keys.empty'), description: t('user.keys.emptyText') }}
        columns={[
          { key: 'name', header: t('user.keys.name'), cell: (row) => row.Name },
          { key: 'id', header: t('user.keys.id'), cell: (row) => <code className="text-xs">{row.AccessKeyId}</code> },
          { key: 'created', header: t('user.keys.created'), cell: (row) => time(row.CreateTime) },
          {
            key: 'used',
            header: t('user.keys.lastUsed'),
            cell: (row) => (row.LastUsedTime ? time(row.LastUsedTime) : t('user.keys.never')),
          },
        ]}
        rowActions={(row) => (
          <RowAction danger onClick={() => setRevoking(row)} testId={`revoke-${row.AccessKeyId}`}>
            {t('user.keys.revoke')}
          </RowAction>
        )}
      />
      <Dialog
        open={secret !== null}
        onClose={() => setSecret(null)}
        dismissible={false}
        title={t('user.keys.secretTitle')}
        description={t('user.keys.secretText')}
        testId="access-key-secret"
        footer={<Button onClick={() => setSecret(null)}>{t('user.keys.done')}</Button>}
      >
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="text-slate-500">{t('user.keys.id')}</dt>
            <dd>
              <code data-testid="new-access-key-id" className="break-all">
                {secret?.id}
              </code>
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{t('user.keys.secret')}</dt>
            <dd className="flex items-center gap-2">
              <code data-testid="new-access-key-secret" className="break-all rounded bg-slate-100 px-2 py-1">
                {secret?.secret}
              </code>
              <Button
                variant="secondary"
                onClick={() => {
                  if (secret)
                    void navigator.clipboard?.writeText(secret.secret).then(() => notify(t('user.keys.copied')));
                }}
              >
                {t('user.keys.copy')}
              </Button>
            </dd>
          </div>
        </dl>
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        danger
        busy={revoke.isPending}
        title={t('user.keys.revokeTitle', { name: revoking?.Name ?? '' })}
        description={t('user.keys.revokeText')}
        confirmLabel={t('user.keys.revoke')}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.AccessKeyId, {
            onSuccess: () => {
              setRevoking(null);
              notify(t('user.keys.revoked'));
            },
          })
        }
        onClose={() => setRevoking(null)}
      />
    </div>
  );
}

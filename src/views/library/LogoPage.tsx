import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emailFooterQuery } from '../../gateway/client/queries/email-footer';
import { logosQuery } from '../../gateway/client/queries/library';
import { addLogoMutation, deleteLogoMutation, setDefaultLogoMutation } from '../../gateway/client/mutations/library';
import { LOGO_MAX_BYTES, type Logo } from '../../gateway/contract/actions/library';
import { IMAGE_TYPES, UPLOAD_TYPES } from '../../gateway/contract/actions/upload-rules';
import { uploadMachine } from '../../machines/upload.machine';
import { inspectActor } from '../../statecharts/inspection-bus';
import { gatewayMessage } from '../gateway-bridge';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog';
import { useNotify } from '../shell/actors';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { EmptyState, ErrorState } from '../ui/EmptyState';
import { FieldFrame } from '../ui/FieldFrame';
import { PageFrame } from '../ui/PageFrame';
import { PageLoading } from '../ui/Spinner';
import { UploadStatus } from '../ui/UploadField';

const ACCEPT = IMAGE_TYPES.flatMap((type) => [type, ...(UPLOAD_TYPES[type] ?? [])]).join(',');

/** /tool/logo: the account's logos (upload, set default, delete), for short-link QR codes and the e-mail footer. */
export default function LogoPage() {
  const { t } = useTranslation(['library', 'common']);
  const notify = useNotify();
  const client = useQueryClient();
  const logos = useQuery(logosQuery());
  // the logo the e-mail footer names (it cannot be deleted until the footer changes: 241111)
  const footerLogo = useQuery(emailFooterQuery()).data?.Logo;
  const add = useMutation(addLogoMutation(client));
  const setDefault = useMutation(setDefaultLogoMutation(client));
  const remove = useMutation(deleteLogoMutation(client));
  const [toDelete, setToDelete] = useState<Logo | null>(null);
  const upload = useActorRef(uploadMachine, {
    input: { accept: IMAGE_TYPES, maxBytes: LOGO_MAX_BYTES },
    inspect: inspectActor,
  });
  const busy = useSelector(upload, (s) => s.can({ type: 'upload.cancel' }));
  const { mutate: addLogo } = add;

  useEffect(() => {
    const subscription = upload.subscribe((snapshot) => {
      const { result } = snapshot.context;
      if (snapshot.matches('done') && result) {
        upload.send({ type: 'upload.reset' });
        addLogo(result.fileId, { onSuccess: () => notify(t('library:logo.added')) });
      }
    });
    return () => subscription.unsubscribe();
  }, [upload, addLogo, notify, t]);

  const list = logos.data?.Logos ?? [];
  return (
    <PageFrame title={t('library:titles.logo')} description={t('library:logo.subtitle')} testId="logo-page">
      <div className="mb-6 max-w-md">
        <FieldFrame
          label={t('library:logo.upload')}
          hint={t('library:logo.hint')}
          error={add.isError ? (gatewayMessage(add.error) ?? undefined) : undefined}
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept={ACCEPT}
              disabled={busy || add.isPending}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) upload.send({ type: 'file.select', file });
              }}
              className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-[var(--radius-herald)] file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-brand-700 hover:file:bg-brand-100"
            />
          )}
        </FieldFrame>
        <UploadStatus actor={upload} testId="logo-upload-status" />
      </div>
      {logos.isLoading ? (
        <PageLoading label={t('library:items.loading')} />
      ) : logos.isError ? (
        <ErrorState
          message={t('library:logo.error')}
          onRetry={() => void logos.refetch()}
          retryLabel={t('library:items.retry')}
        />
      ) : list.length === 0 ? (
        <EmptyState title={t('library:logo.emptyTitle')} description={t('library:logo.emptyDescription')} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label={t('library:titles.logo')}>
          {list.map((logo) => (
            <li
              key={logo.LogoId}
              data-testid="logo-item"
              className="flex flex-col gap-2 rounded-[var(--radius-herald)] border border-slate-200 bg-white p-3"
            >
              <div className="flex aspect-square items-center justify-center bg-slate-50">
                <img src={logo.MediaURL} alt={logo.Name} className="max-h-full max-w-full object-contain" />
              </div>
              <p className="truncate text-sm" title={logo.Name}>
                {logo.Name}
              </p>
              <div className="flex flex-wrap items-center gap-1">
                {logo.IsDefault ? (
                  <Badge tone="success">{t('library:logo.default')}</Badge>
                ) : (
                  <Button
                    variant="ghost"
                    className="!px-2 !py-1 text-xs"
                    loading={setDefault.isPending && setDefault.variables === logo.LogoId}
                    onClick={() =>
                      setDefault.mutate(logo.LogoId, { onSuccess: () => notify(t('library:logo.defaultSet')) })
                    }
                  >
                    {t('library:logo.setDefault')}
                  </Button>
                )}
                {footerLogo === logo.LogoId && <Badge tone="info">{t('library:logo.inFooter')}</Badge>}
                <Button variant="ghost" className="!px-2 !py-1 text-xs text-red-700" onClick={() => setToDelete(logo)}>
                  {t('library:logo.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDeleteDialog
        item={toDelete}
        idOf={(logo) => logo.LogoId}
        remove={remove}
        title={t('library:logo.delete')}
        description={t('library:logo.deleteConfirm', { name: toDelete?.Name ?? '' })}
        onDeleted={() => notify(t('library:logo.deleted'))}
        onClose={() => setToDelete(null)}
      />
    </PageFrame>
  );
}

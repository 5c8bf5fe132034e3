import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { socialIdentitiesQuery } from '../../../gateway/client/queries/social';
import { socialSignInMutations, unlinkSocialIdentityMutation } from '../../../gateway/client/mutations/social';
import type { SocialIdentity } from '../../../gateway/contract/actions/social-signin';
import { SOCIAL_SIGNIN_PLATFORMS } from '../../../gateway/contract/social/platforms';
import { gatewayMessage } from '../../gateway-bridge';
import { useNotify } from '../../shell/actors';
import { Button } from '../../ui/Button';
import { DataTable, RowAction } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Dialog';

const time = (seconds: number) => dayjs.unix(seconds).format('YYYY-MM-DD HH:mm');

/**
 * Settings' "Sign-in methods": the platform accounts that sign in to this account (docs/decisions.md "Social
 * sign-in: linked identities, service, reloads"). Linking another leaves for the platform with a link state and
 * comes back through /medialogin/{type}; unlinking asks first, and the server keeps the last one of an account
 * without a password of its own.
 */
export function SignInIdentitiesSection() {
  const { t } = useTranslation(['settings', 'auth']);
  const notify = useNotify();
  const client = useQueryClient();
  const identities = useQuery(socialIdentitiesQuery());
  const [unlinking, setUnlinking] = useState<SocialIdentity | null>(null);
  const unlink = useMutation(unlinkSocialIdentityMutation(client));
  const link = useMutation({
    ...socialSignInMutations.authUrl(),
    onSuccess: (data) => window.location.assign(data.Url),
  });
  const platformName = (type: number) => t(`auth:social.platforms.${type as 1}`);

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t('settings:user.identities.intro')}</p>
      {identities.data && !identities.data.HasPassword && (
        <p role="note" className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {t('settings:user.identities.noPassword')}
        </p>
      )}
      <DataTable
        caption={t('settings:user.identities.caption')}
        testId="signin-identities"
        rows={identities.data?.Identities}
        isLoading={identities.isPending}
        rowKey={(row) => String(row.IdentityId)}
        empty={{ title: t('settings:user.identities.empty'), description: t('settings:user.identities.emptyText') }}
        columns={[
          {
            key: 'platform',
            header: t('settings:user.identities.platform'),
            cell: (row) => platformName(row.PlatformType),
          },
          {
            key: 'name',
            header: t('settings:user.identities.name'),
            cell: (row) => (row.Email ? `${row.Name} (${row.Email})` : row.Name),
          },
          { key: 'linked', header: t('settings:user.identities.linkedAt'), cell: (row) => time(row.LinkedAt) },
        ]}
        rowActions={(row) => (
          <RowAction danger onClick={() => setUnlinking(row)} testId={`unlink-${row.IdentityId}`}>
            {t('settings:user.identities.unlink')}
          </RowAction>
        )}
      />
      <div>
        <p className="mb-2 text-sm font-medium text-slate-700">{t('settings:user.identities.linkAnother')}</p>
        <div className="flex flex-wrap gap-2">
          {SOCIAL_SIGNIN_PLATFORMS.map((platform) => (
            <Button
              key={platform}
              variant="secondary"
              disabled={link.isPending}
              onClick={() => link.mutate({ PlatformType: platform, Purpose: 'link' })}
            >
              {t('settings:user.identities.linkWith', { platform: platformName(platform) })}
            </Button>
          ))}
        </div>
        {link.isError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {gatewayMessage(link.error)}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={unlinking !== null}
        danger
        busy={unlink.isPending}
        title={t('settings:user.identities.unlinkTitle', {
          platform: unlinking ? platformName(unlinking.PlatformType) : '',
          name: unlinking?.Name ?? '',
        })}
        description={t('settings:user.identities.unlinkText')}
        confirmLabel={t('settings:user.identities.unlink')}
        error={unlink.isError ? gatewayMessage(unlink.error) : undefined}
        onConfirm={() =>
          unlinking &&
          unlink.mutate(unlinking.IdentityId, {
            onSuccess: () => {
              setUnlinking(null);
              notify(t('settings:user.identities.unlinked'));
            },
          })
        }
        onClose={() => {
          setUnlinking(null);
          unlink.reset();
        }}
      />
    </div>
  );
}

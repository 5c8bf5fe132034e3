import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkSocialProfilesMutation,
  deleteSocialProfileMutation,
  socialAuthUrlMutation,
} from '../../../gateway/client/mutations/social';
import { socialProfilesQuery } from '../../../gateway/client/queries/social';
import type { SocialProfile } from '../../../gateway/contract/actions/social';
import { SOCIAL_PLATFORM_TYPES, SOCIAL_PROFILE_STATUS } from '../../../gateway/contract/social/platforms';
import { formatTime } from '../../common/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';
import { ConfirmDialog } from '../../ui/Dialog';

/**
 * The account's social profiles (/setting/profile_list and /mkthub/socialMedialist): connect one per
 * platform through the platform's consent page, see connected and error ones, reconnect, remove.
 */
export function ProfilesCard() {
  const { t } = useTranslation('mkthub');
  const client = useQueryClient();
  const profiles = useQuery(socialProfilesQuery());
  const authorize = useMutation(socialAuthUrlMutation());
  const check = useMutation(checkSocialProfilesMutation(client));
  const remove = useMutation(deleteSocialProfileMutation(client));
  const [toRemove, setToRemove] = useState<SocialProfile | null>(null);
  const platformName = (type: number) => t(`social.platforms.${type as 1}`);
  const go = (PlatformType: number, ProfileId?: string) =>
    authorize.mutate(
      { PlatformType, ...(ProfileId ? { ProfileId } : {}) },
      { onSuccess: (data) => window.location.assign(data.Url) },
    );
  const data = profiles.data;
  const over = data && data.Limit !== null && data.Used > data.Limit ? data.Used - data.Limit : 0;

  return (
    <Card
      title={t('social.profiles.title')}
      action={
        <Button variant="secondary" loading={check.isPending} onClick={() => check.mutate()}>
          {t('social.profiles.check')}
        </Button>
      }
    >
      <p className="mb-3 text-sm text-slate-600">
        {data?.Limit != null
          ? `${t('social.profiles.subtitle', { limit: data.Limit })} ${t('social.profiles.used', { used: data.Used, limit: data.Limit })}`
          : t('social.profiles.subtitleNoLimit')}
      </p>
      {over > 0 && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {t('social.profiles.overQuota', { count: over })}
        </p>
      )}
      <div className="mb-4 flex flex-wrap gap-2">
        {SOCIAL_PLATFORM_TYPES.map((type) => (
          <Button key={type} variant="secondary" disabled={authorize.isPending} onClick={() => go(type)}>
            {t('social.profiles.connect', { platform: platformName(type) })}
          </Button>
        ))}
      </div>
      <DataTable<SocialProfile>
        caption={t('social.profiles.title')}
        rows={data?.Profiles}
        rowKey={(profile) => profile.ProfileId}
        isLoading={profiles.isPending}
        error={profiles.isError ? profiles.error.message : null}
        onRetry={() => void profiles.refetch()}
        empty={{ title: t('social.profiles.emptyTitle'), description: t('social.profiles.emptyBody') }}
        columns={[
          { key: 'platform', header: t('social.profiles.columns.platform'), cell: (p) => platformName(p.PlatformType) },
          { key: 'name', header: t('social.profiles.columns.name'), cell: (p) => `${p.Name} (@${p.Username})` },
          {
            key: 'status',
            header: t('social.profiles.columns.status'),
            cell: (p) =>
              p.Status === SOCIAL_PROFILE_STATUS.Connected ? (
                <Badge tone="success">{t('social.profiles.connected')}</Badge>
              ) : (
                <span title={p.Error}>
                  <Badge tone="danger">{t('social.profiles.error')}</Badge>
                </span>
              ),
          },
          { key: 'checked', header: t('social.profiles.columns.checked'), cell: (p) => formatTime(p.CheckTime) },
        ]}
        rowActions={(profile) => (
          <>
            {profile.Status === SOCIAL_PROFILE_STATUS.Error && (
              <RowAction onClick={() => go(profile.PlatformType, profile.ProfileId)}>
                {t('social.profiles.reconnect')}
              </RowAction>
            )}
            <RowAction danger onClick={() => setToRemove(profile)}>
              {t('social.profiles.remove')}
            </RowAction>
          </>
        )}
      />
      <ConfirmDialog
        open={toRemove !== null}
        title={t('social.profiles.removeTitle')}
        description={t('social.profiles.removeBody', { name: toRemove?.Name ?? '' })}
        confirmLabel={t('social.profiles.remove')}
        danger
        busy={remove.isPending}
        onConfirm={() => toRemove && remove.mutate(toRemove.ProfileId, { onSuccess: () => setToRemove(null) })}
        onClose={() => setToRemove(null)}
      />
    </Card>
  );
}

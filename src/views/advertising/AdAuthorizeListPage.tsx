import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { revokeAdAuthorizationMutation } from '../../gateway/client/mutations/ad-operations';
import { adAuthorizationsQuery } from '../../gateway/client/queries/ad-operations';
import { AD_AUTHORIZATION_STATUS } from '../../gateway/contract/ad-operations';
import type { AdPlatformId } from '../../gateway/contract/advertising';
import type { AdAuthorization } from '../../gateway/contract/actions/ad-operations';
import { Badge, type BadgeTone } from '../ui/Badge';
import { Button } from '../ui/Button';
import { DataTable, RowAction } from '../ui/DataTable';
import { PageFrame } from '../ui/PageFrame';
import { Pagination } from '../ui/Pagination';
import { usePaging } from '../ui/usePaging';
import { routePlatform } from './ad-route-platform';

const TONE: Record<number, BadgeTone> = {
  [AD_AUTHORIZATION_STATUS.Pending]: 'progress',
  [AD_AUTHORIZATION_STATUS.Authorized]: 'success',
  [AD_AUTHORIZATION_STATUS.Denied]: 'danger',
  [AD_AUTHORIZATION_STATUS.Revoked]: 'muted',
};

/** /advertising/authorize-list and /advertising/facebook/authorize-list: the businesses Herald is authorised to. */
export default function AdAuthorizeListPage() {
  const { t, i18n } = useTranslation('advertising');
  const [location, navigate] = useLocation();
  const fixed = routePlatform(location);
  const client = useQueryClient();
  const revoke = useMutation(revokeAdAuthorizationMutation(client));
  const { page, pageSize, pagination } = usePaging();
  const list = useQuery(
    adAuthorizationsQuery({
      Page: page,
      NumPerPage: pageSize,
      ...(fixed ? { PlatformId: fixed.id as AdPlatformId } : {}),
    }),
  );
  const authPage = fixed ? `/advertising/${fixed.slug}/authorize-authpage` : '/advertising/authorize-authpage';

  return (
    <PageFrame
      title={t('titles.authorizations')}
      testId="ad-authorize-list"
      actions={<Button onClick={() => navigate(authPage)}>{t('authorization.add')}</Button>}
    >
      <DataTable<AdAuthorization>
        caption={t('titles.authorizations')}
        rows={list.data?.Authorizations}
        rowKey={(row) => row.AuthorizationId}
        isLoading={list.isLoading}
        empty={{ title: t('authorization.empty'), description: t('authorization.emptyHint') }}
        columns={[
          {
            key: 'platform',
            header: t('operations.platform'),
            cell: (row) => t(`platforms.${row.PlatformId}` as 'platforms.1'),
          },
          { key: 'business', header: t('authorization.business'), cell: (row) => row.BusinessName || '—' },
          { key: 'id', header: t('authorization.businessId'), cell: (row) => row.BusinessId || '—' },
          { key: 'accounts', header: t('authorization.accounts'), align: 'right', cell: (row) => row.Accounts },
          {
            key: 'status',
            header: t('operations.statusHeader'),
            cell: (row) => (
              <Badge tone={TONE[row.Status] ?? 'neutral'}>
                {t(`authorization.status.${row.Status}` as 'authorization.status.0')}
              </Badge>
            ),
          },
          {
            key: 'updated',
            header: t('authorization.updated'),
            cell: (row) => new Date(row.UpdateTime * 1000).toLocaleString(i18n.language),
          },
        ]}
        rowActions={(row) =>
          row.Status === AD_AUTHORIZATION_STATUS.Authorized ? (
            <RowAction danger onClick={() => revoke.mutate({ AuthorizationId: row.AuthorizationId })}>
              {t('authorization.revoke')}
            </RowAction>
          ) : null
        }
      />
      <div className="mt-4">
        <Pagination {...pagination(list.data?.Total ?? 0)} />
      </div>
    </PageFrame>
  );
}

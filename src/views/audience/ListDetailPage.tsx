import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { removeFromListMutation, renameListMutation } from '../../gateway/client/mutations/audience';
import { contactListQuery } from '../../gateway/client/queries/audience';
import { gatewayMessage } from '../gateway-bridge';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { EmptyState } from '../ui/EmptyState';
import { TextField } from '../ui/TextField';
import { formatCount } from '../common/format';
import { AudiencePage, Loaded } from './AudiencePage';
import { ContactTable } from './ContactTable';
import { usePagedContacts } from './usePagedContacts';

/** /audience/list/detail?id=…: a list's name (renamed here), its members, and removing members. */
export default function ListDetailPage() {
  const { t, i18n } = useTranslation('audience');
  const client = useQueryClient();
  const listId = Number(new URLSearchParams(useSearch()).get('id') ?? 0);
  const list = useQuery({ ...contactListQuery(listId), enabled: listId > 0 });
  const members = usePagedContacts({
    ListId: listId > 0 ? listId : undefined,
    OrderBy: 'CreateTime',
    OrderType: 'desc',
  });
  const renaming = useMutation(renameListMutation(client));
  const removing = useMutation(removeFromListMutation(client));
  const [name, setName] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  if (!(listId > 0)) return <EmptyState title={t('lists.missing')} />;
  return (
    <AudiencePage title={list.data?.List.Name ?? t('titles.list')} testId="list-detail-page">
      <Loaded isPending={list.isPending} isError={list.isError} onRetry={() => void list.refetch()}>
        {() => (
          <>
            <Card className="mb-4">
              <form
                className="flex flex-wrap items-end gap-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (name !== null)
                    renaming.mutate({ ListId: listId, Name: name }, { onSuccess: () => setName(null) });
                }}
              >
                <TextField
                  label={t('lists.name')}
                  value={name ?? list.data!.List.Name}
                  onValueChange={setName}
                  error={renaming.error ? (gatewayMessage(renaming.error) ?? t('saveFailed')) : undefined}
                />
                <Button type="submit" variant="secondary" disabled={name === null} loading={renaming.isPending}>
                  {t('lists.rename')}
                </Button>
              </form>
            </Card>
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-slate-500" data-testid="list-count">
                {t('contacts.total', {
                  count: list.data!.List.ContactCount,
                  countText: formatCount(list.data!.List.ContactCount, i18n.language),
                })}
              </p>
              {selected.size > 0 && (
                <Button
                  variant="secondary"
                  loading={removing.isPending}
                  onClick={() =>
                    removing.mutate(
                      { ListId: listId, ContactIds: [...selected] },
                      {
                        onSuccess: () => {
                          setSelected(new Set());
                          members.reset();
                        },
                      },
                    )
                  }
                >
                  {t('lists.remove', { count: selected.size })}
                </Button>
              )}
            </div>
            {members.total === 0 ? (
              <EmptyState title={t('lists.noMembers')} description={t('lists.noMembersBody')} />
            ) : (
              <ContactTable
                caption={t('lists.members')}
                total={members.total}
                rowAt={members.rowAt}
                onVisibleRangeChange={members.onVisibleRangeChange}
                selected={selected}
                onToggle={(id) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (!next.delete(id) && next.size < 500) next.add(id);
                    return next;
                  })
                }
              />
            )}
          </>
        )}
      </Loaded>
    </AudiencePage>
  );
}

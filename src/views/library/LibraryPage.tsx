import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { libraryKeys, libraryQuery } from '../../gateway/client/queries/library';
import {
  createLibraryFolderMutation,
  deleteLibraryFolderMutation,
  deleteLibraryItemsMutation,
  moveLibraryItemsMutation,
  renameLibraryFolderMutation,
  renameLibraryItemMutation,
} from '../../gateway/client/mutations/library';
import {
  LIBRARY_KINDS,
  LIBRARY_SORTS,
  type LibraryItem,
  type LibraryKind,
  type LibrarySort,
} from '../../gateway/contract/actions/library';
import { gatewayMessage } from '../gateway-bridge';
import { useNotify } from '../shell/actors';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/Dialog';
import { EmptyState, ErrorState } from '../ui/EmptyState';
import { PageFrame } from '../ui/PageFrame';
import { Select } from '../ui/Select';
import { PageLoading } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { FolderNav } from './FolderNav';
import { ItemGrid } from './ItemGrid';
import { LibraryUpload } from './LibraryUpload';
import { MoveDialog, NameDialog, PreviewDialog } from './LibraryDialogs';
import { UsageBar } from './UsageBar';

type Naming = { kind: 'newFolder' } | { kind: 'renameFolder' } | { kind: 'renameItem'; item: LibraryItem };
type Deleting = { kind: 'items'; ids: string[]; label: string } | { kind: 'folder' };

/** /tool/library: the account's images, videos and files in folders, with search, filters and bulk actions. */
export default function LibraryPage() {
  const { t } = useTranslation(['library', 'common']);
  const notify = useNotify();
  const client = useQueryClient();
  const [folderId, setFolderId] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<LibraryKind | null>(null);
  const [sort, setSort] = useState<LibrarySort>('newest');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [naming, setNaming] = useState<Naming | null>(null);
  const [moving, setMoving] = useState<string[] | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [preview, setPreview] = useState<LibraryItem | null>(null);

  const library = useQuery(libraryQuery({ folderId, keyword: keyword.trim(), kind, sort }));
  const createFolder = useMutation(createLibraryFolderMutation(client));
  const renameFolder = useMutation(renameLibraryFolderMutation(client));
  const deleteFolder = useMutation(deleteLibraryFolderMutation(client));
  const renameItem = useMutation(renameLibraryItemMutation(client));
  const moveItems = useMutation(moveLibraryItemsMutation(client));
  const deleteItems = useMutation(deleteLibraryItemsMutation(client));

  const folders = library.data?.Folders ?? [];
  const items = library.data?.Items ?? [];
  const folder = folders.find((f) => f.FolderId === folderId) ?? null;

  const openFolder = (next: string | null) => {
    setFolderId(next);
    setSelected(new Set());
  };
  const toggle = (itemId: string) =>
    setSelected((before) => {
      const next = new Set(before);
      if (next.has(itemId)) next.delete(itemId);
      else next.add(itemId);
      return next;
    });
  const onStored = useCallback(
    (name: string) => {
      notify(t('library:items.uploaded', { name }));
      void client.invalidateQueries({ queryKey: libraryKeys.all });
    },
    [client, notify, t],
  );
  const closeNaming = () => {
    setNaming(null);
    createFolder.reset();
    renameFolder.reset();
    renameItem.reset();
  };
  const namingMutation =
    naming?.kind === 'newFolder' ? createFolder : naming?.kind === 'renameFolder' ? renameFolder : renameItem;
  const submitName = (name: string) => {
    if (!naming) return;
    if (naming.kind === 'newFolder')
      createFolder.mutate(name, {
        onSuccess: (data) => {
          notify(t('library:folders.created'));
          closeNaming();
          openFolder(data.FolderId);
        },
      });
    else if (naming.kind === 'renameFolder' && folder)
      renameFolder.mutate(
        { folderId: folder.FolderId, name },
        { onSuccess: () => (notify(t('library:folders.renamed')), closeNaming()) },
      );
    else if (naming.kind === 'renameItem')
      renameItem.mutate(
        { itemId: naming.item.ItemId, name },
        { onSuccess: () => (notify(t('library:items.renamed')), closeNaming()) },
      );
  };
  const closeDeleting = () => {
    setDeleting(null);
    deleteItems.reset();
    deleteFolder.reset();
  };
  const confirmDelete = () => {
    if (deleting?.kind === 'items')
      deleteItems.mutate(deleting.ids, {
        onSuccess: () => {
          notify(t('library:items.deleted'));
          setSelected(new Set());
          closeDeleting();
        },
      });
    else if (deleting?.kind === 'folder' && folder)
      deleteFolder.mutate(
        { folderId: folder.FolderId, withContents: folder.ItemCount > 0 },
        {
          onSuccess: () => {
            notify(t('library:folders.deleted'));
            closeDeleting();
            openFolder(null);
          },
        },
      );
  };

  const searching = keyword.trim() !== '';
  return (
    <PageFrame
      title={t('library:titles.library')}
      description={t('library:page.subtitle')}
      testId="library-page"
      actions={
        <Button variant="secondary" onClick={() => setNaming({ kind: 'newFolder' })}>
          {t('library:folders.new')}
        </Button>
      }
    >
      <div className="mb-4 flex flex-wrap items-start justify-between gap-4">
        <div className="w-full max-w-md">
          <LibraryUpload key={folderId ?? 'top'} folderId={folderId} onStored={onStored} />
        </div>
        {library.data && <UsageBar usage={library.data.Usage} />}
      </div>
      <div className="flex flex-col gap-4 md:flex-row">
        <aside className="md:w-56 md:shrink-0">
          <FolderNav folders={folders} current={folderId} onOpen={openFolder} />
        </aside>
        <section className="min-w-0 flex-1">
          <div className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
            <TextField label={t('library:toolbar.search')} type="search" value={keyword} onValueChange={setKeyword} />
            <Select
              label={t('library:toolbar.kind')}
              value={kind ?? 'all'}
              onChange={(value) => setKind(value === 'all' ? null : value)}
              options={[
                { value: 'all' as const, label: t('library:kinds.all') },
                ...LIBRARY_KINDS.map((k) => ({ value: k, label: t(`library:kinds.${k}`) })),
              ]}
            />
            <Select
              label={t('library:toolbar.sort')}
              value={sort}
              onChange={setSort}
              options={LIBRARY_SORTS.map((s) => ({ value: s, label: t(`library:sorts.${s}`) }))}
            />
          </div>
          {folder && !searching && (
            <div className="mb-3 flex flex-wrap items-center gap-2">
              <h2 className="mr-auto text-base font-semibold text-slate-800">{folder.Name}</h2>
              <Button variant="ghost" onClick={() => setNaming({ kind: 'renameFolder' })}>
                {t('library:folders.rename')}
              </Button>
              <Button variant="ghost" className="text-red-700" onClick={() => setDeleting({ kind: 'folder' })}>
                {t('library:folders.delete')}
              </Button>
            </div>
          )}
          {selected.size > 0 && (
            <div
              role="toolbar"
              aria-label={t('library:items.selected', { count: selected.size })}
              className="mb-3 flex flex-wrap items-center gap-2 rounded bg-slate-50 p-2 text-sm"
            >
              <span className="mr-auto">{t('library:items.selected', { count: selected.size })}</span>
              <Button variant="secondary" onClick={() => setMoving([...selected])}>
                {t('library:items.moveSelected')}
              </Button>
              <Button
                variant="danger"
                onClick={() =>
                  setDeleting({
                    kind: 'items',
                    ids: [...selected],
                    label: items.find((item) => selected.has(item.ItemId))?.Name ?? '',
                  })
                }
              >
                {t('library:items.deleteSelected')}
              </Button>
              <Button variant="ghost" onClick={() => setSelected(new Set())}>
                {t('library:items.clearSelection')}
              </Button>
            </div>
          )}
          {library.isLoading ? (
            <PageLoading label={t('library:items.loading')} />
          ) : library.isError ? (
            <ErrorState
              message={t('library:items.error')}
              onRetry={() => void library.refetch()}
              retryLabel={t('library:items.retry')}
            />
          ) : items.length === 0 ? (
            <EmptyState
              title={
                searching ? t('library:items.noMatch', { keyword: keyword.trim() }) : t('library:items.emptyTitle')
              }
              description={searching ? undefined : t('library:items.emptyDescription')}
            />
          ) : (
            <ItemGrid
              items={items}
              selected={selected}
              onToggle={toggle}
              actions={{
                preview: setPreview,
                rename: (item) => setNaming({ kind: 'renameItem', item }),
                move: (item) => setMoving([item.ItemId]),
                copy: (item) =>
                  void navigator.clipboard?.writeText(item.PublicURL).then(() => notify(t('library:items.copied'))),
                remove: (item) => setDeleting({ kind: 'items', ids: [item.ItemId], label: item.Name }),
              }}
            />
          )}
        </section>
      </div>
      <NameDialog
        open={naming !== null}
        title={
          naming?.kind === 'newFolder'
            ? t('library:folders.new')
            : naming?.kind === 'renameFolder'
              ? t('library:folders.rename')
              : t('library:items.rename')
        }
        label={naming?.kind === 'renameItem' ? t('library:items.name') : t('library:folders.name')}
        initial={
          naming?.kind === 'renameItem' ? naming.item.Name : naming?.kind === 'renameFolder' ? (folder?.Name ?? '') : ''
        }
        submitLabel={naming?.kind === 'newFolder' ? t('library:folders.create') : t('library:items.save')}
        busy={namingMutation.isPending}
        error={namingMutation.isError ? (gatewayMessage(namingMutation.error) ?? undefined) : undefined}
        onSubmit={submitName}
        onClose={closeNaming}
      />
      <MoveDialog
        open={moving !== null}
        folders={folders}
        busy={moveItems.isPending}
        error={moveItems.isError ? (gatewayMessage(moveItems.error) ?? undefined) : undefined}
        onMove={(target) =>
          moving &&
          moveItems.mutate(
            { itemIds: moving, folderId: target },
            {
              onSuccess: () => {
                notify(t('library:items.moved'));
                setMoving(null);
                setSelected(new Set());
                moveItems.reset();
              },
            },
          )
        }
        onClose={() => {
          setMoving(null);
          moveItems.reset();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={deleting?.kind === 'folder' ? t('library:folders.delete') : t('library:items.delete')}
        description={
          deleting?.kind === 'folder'
            ? folder && folder.ItemCount > 0
              ? t('library:folders.deleteWithContents', { name: folder.Name, count: folder.ItemCount })
              : t('library:folders.deleteConfirm', { name: folder?.Name ?? '' })
            : deleting && deleting.ids.length > 1
              ? t('library:items.deleteSelectedConfirm', { count: deleting.ids.length })
              : t('library:items.deleteConfirm', { name: deleting?.kind === 'items' ? deleting.label : '' })
        }
        confirmLabel={t('library:items.delete')}
        busy={deleteItems.isPending || deleteFolder.isPending}
        error={gatewayMessage(deleteItems.error ?? deleteFolder.error) ?? undefined}
        onConfirm={confirmDelete}
        onClose={closeDeleting}
      />
      <PreviewDialog item={preview} onClose={() => setPreview(null)} />
    </PageFrame>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { libraryQuery } from '../../gateway/client/queries/library';
import { libraryKindOf, type LibraryItem, type LibraryKind } from '../../gateway/contract/actions/library';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { EmptyState, ErrorState } from '../ui/EmptyState';
import { PageLoading } from '../ui/Spinner';
import { TextField } from '../ui/TextField';

/**
 * "Choose from library": a composer opens it to take an image (or, with `kinds`, a video) already in the
 * account's content library (every folder, searched by name). `accept` narrows the Content-Types the composer
 * can use; the composer's own rules (a platform's video size, one kind of media) still judge the choice.
 */
export function LibraryPickerDialog({
  open,
  onClose,
  onChoose,
  accept,
  maxBytes,
  kinds = ['image'],
}: {
  open: boolean;
  onClose: () => void;
  onChoose: (item: LibraryItem) => void;
  accept?: readonly string[];
  /** the composer's own size limit (MMS: 300 KB); larger files are not offered */
  maxBytes?: number;
  /** the library kinds offered (images only unless the composer takes videos too) */
  kinds?: readonly LibraryKind[];
}) {
  const { t } = useTranslation(['library', 'common']);
  const [keyword, setKeyword] = useState('');
  const library = useQuery({
    ...libraryQuery({
      folderId: null,
      keyword: keyword.trim(),
      kind: kinds.length === 1 ? kinds[0] : null,
      sort: 'newest',
      everywhere: true,
    }),
    enabled: open,
  });
  const items = (library.data?.Items ?? []).filter(
    (item) =>
      kinds.includes(libraryKindOf(item.ContentType)) &&
      (!accept || accept.includes(item.ContentType)) &&
      (maxBytes === undefined || item.Size <= maxBytes),
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('library:picker.title')}
      size="lg"
      testId="library-picker"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('common:cancel')}
        </Button>
      }
    >
      <TextField label={t('library:picker.search')} type="search" value={keyword} onValueChange={setKeyword} />
      <div className="mt-3 max-h-[50vh] overflow-y-auto">
        {library.isLoading ? (
          <PageLoading label={t('library:items.loading')} />
        ) : library.isError ? (
          <ErrorState
            message={t('library:items.error')}
            onRetry={() => void library.refetch()}
            retryLabel={t('library:items.retry')}
          />
        ) : items.length === 0 ? (
          <EmptyState title={t(kinds.includes('video') ? 'library:picker.emptyMedia' : 'library:picker.empty')} />
        ) : (
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {items.map((item) => (
              <li key={item.ItemId}>
                <button
                  type="button"
                  onClick={() => onChoose(item)}
                  aria-label={`${t('library:picker.choose')}: ${item.Name}`}
                  className="flex w-full flex-col gap-1 rounded border border-slate-200 p-1 text-left hover:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500"
                >
                  {libraryKindOf(item.ContentType) === 'video' ? (
                    <video src={item.MediaURL} muted preload="metadata" className="aspect-video w-full bg-slate-900" />
                  ) : (
                    <img src={item.MediaURL} alt="" className="aspect-video w-full object-cover" />
                  )}
                  <span className="truncate text-xs">{item.Name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import type { LibraryItem } from '../../gateway/contract/actions/library';
import { formatBytes } from '../common/format';

export interface ItemActions {
  preview: (item: LibraryItem) => void;
  rename: (item: LibraryItem) => void;
  move: (item: LibraryItem) => void;
  copy: (item: LibraryItem) => void;
  remove: (item: LibraryItem) => void;
}

const actionClass =
  'rounded px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-brand-500';

function Thumbnail({ item }: { item: LibraryItem }) {
  if (item.Kind === 'image')
    return <img src={item.MediaURL} alt="" loading="lazy" className="h-full w-full object-cover" />;
  return (
    <span className="text-xs font-semibold uppercase tracking-wide text-slate-500">
      {item.Kind === 'video' ? '▶ ' : ''}
      {item.Name.split('.').pop()}
    </span>
  );
}

/** The files as cards: a thumbnail for images, the name and size, a checkbox for bulk actions, and each card's actions. */
export function ItemGrid({
  items,
  selected,
  onToggle,
  actions,
}: {
  items: LibraryItem[];
  selected: ReadonlySet<string>;
  onToggle: (itemId: string) => void;
  actions: ItemActions;
}) {
  const { t, i18n } = useTranslation('library');
  return (
    <ul aria-label={t('items.caption')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {items.map((item) => (
        <li
          key={item.ItemId}
          data-testid="library-item"
          className={`flex flex-col overflow-hidden rounded-[var(--radius-herald)] border bg-white ${
            selected.has(item.ItemId) ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200'
          }`}
        >
          <button
            type="button"
            onClick={() => actions.preview(item)}
            aria-label={`${t('items.preview')}: ${item.Name}`}
            className="flex aspect-video items-center justify-center bg-slate-100 focus:outline-none focus:ring-2 focus:ring-inset focus:ring-brand-500"
          >
            <Thumbnail item={item} />
          </button>
          <div className="flex items-start gap-2 p-2">
            <input
              type="checkbox"
              className="mt-1"
              aria-label={t('items.select', { name: item.Name })}
              checked={selected.has(item.ItemId)}
              onChange={() => onToggle(item.ItemId)}
            />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-800" title={item.Name}>
                {item.Name}
              </p>
              <p className="text-xs text-slate-500">{formatBytes(item.Size, i18n.language)}</p>
            </div>
          </div>
          <div
            role="group"
            aria-label={t('items.actions', { name: item.Name })}
            className="flex flex-wrap gap-1 border-t border-slate-100 px-1 py-1"
          >
            <button type="button" className={actionClass} onClick={() => actions.copy(item)}>
              {t('items.copy')}
            </button>
            <button type="button" className={actionClass} onClick={() => actions.rename(item)}>
              {t('items.rename')}
            </button>
            <button type="button" className={actionClass} onClick={() => actions.move(item)}>
              {t('items.move')}
            </button>
            <button
              type="button"
              className={`${actionClass} text-red-700 hover:bg-red-50`}
              onClick={() => actions.remove(item)}
            >
              {t('items.delete')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

import { useTranslation } from 'react-i18next';
import type { LibraryFolder } from '../../gateway/contract/actions/library';

const itemClass = (current: boolean) =>
  `flex w-full items-center justify-between gap-2 rounded px-3 py-2 text-left text-sm focus:outline-none focus:ring-2 focus:ring-brand-500 ${
    current ? 'bg-brand-50 font-medium text-brand-800' : 'text-slate-700 hover:bg-slate-100'
  }`;

/** The folders: the top level first, then each folder with how many files it holds. */
export function FolderNav({
  folders,
  current,
  onOpen,
}: {
  folders: LibraryFolder[];
  current: string | null;
  onOpen: (folderId: string | null) => void;
}) {
  const { t } = useTranslation('library');
  return (
    <nav aria-label={t('folders.label')}>
      <ul className="flex flex-row gap-1 overflow-x-auto md:flex-col">
        <li>
          <button
            type="button"
            className={itemClass(current === null)}
            aria-current={current === null ? 'page' : undefined}
            onClick={() => onOpen(null)}
          >
            {t('folders.all')}
          </button>
        </li>
        {folders.map((folder) => (
          <li key={folder.FolderId}>
            <button
              type="button"
              className={itemClass(current === folder.FolderId)}
              aria-current={current === folder.FolderId ? 'page' : undefined}
              onClick={() => onOpen(folder.FolderId)}
            >
              <span className="truncate">{folder.Name}</span>
              <span className="text-xs text-slate-500">{folder.ItemCount}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

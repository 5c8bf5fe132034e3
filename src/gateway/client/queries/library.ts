import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { LibraryKind, LibrarySort } from '../../contract/actions/library';

// Reads of the content library and logos (/tool/library, /tool/logo). Mutations invalidate libraryKeys.all
// or logoKeys.all.

export interface LibraryView {
  folderId: string | null;
  keyword: string;
  kind: LibraryKind | null;
  sort: LibrarySort;
  /** the files of every folder, not only `folderId`'s */
  everywhere?: boolean;
}

export const libraryKeys = {
  all: ['library'] as const,
  view: (view: LibraryView) => [...libraryKeys.all, view] as const,
};

export const logoKeys = {
  all: ['logos'] as const,
};

export const libraryQuery = (view: LibraryView) =>
  queryOptions({
    queryKey: libraryKeys.view(view),
    queryFn: () =>
      call('GetLibrary', {
        FolderId: view.folderId,
        ...(view.keyword ? { Keyword: view.keyword } : {}),
        ...(view.kind ? { Kind: view.kind } : {}),
        Sort: view.sort,
        ...(view.everywhere ? { Everywhere: true } : {}),
      }),
    placeholderData: keepPreviousData,
  });

/** The account's logos, the default first: the logo page, the short-link QR code and e-mail footers read it. */
export const logosQuery = () => queryOptions({ queryKey: logoKeys.all, queryFn: () => call('ListLogos', {}) });

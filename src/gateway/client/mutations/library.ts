import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { libraryKeys, logoKeys } from '../queries/library';

// Writes of the content library and logos. Uploads go through the upload machine (with `library`), which
// reserves the space; the page invalidates libraryKeys.all when one is stored.

const library = (client: QueryClient) => () => client.invalidateQueries({ queryKey: libraryKeys.all });
const logos = (client: QueryClient) => () => client.invalidateQueries({ queryKey: logoKeys.all });

export const createLibraryFolderMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['library', 'CreateLibraryFolder'],
    mutationFn: (name: string) => call('CreateLibraryFolder', { Name: name }),
    onSuccess: library(client),
  });

export const renameLibraryFolderMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['library', 'RenameLibraryFolder'],
    mutationFn: (input: { folderId: string; name: string }) =>
      call('RenameLibraryFolder', { FolderId: input.folderId, Name: input.name }),
    onSuccess: library(client),
  });

export const deleteLibraryFolderMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['library', 'DeleteLibraryFolder'],
    mutationFn: (input: { folderId: string; withContents: boolean }) =>
      call('DeleteLibraryFolder', { FolderId: input.folderId, WithContents: input.withContents }),
    onSuccess: library(client),
  });

export const renameLibraryItemMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['library', 'RenameLibraryItem'],
    mutationFn: (input: { itemId: string; name: string }) =>
      call('RenameLibraryItem', { ItemId: input.itemId, Name: input.name }),
    onSuccess: library(client),
  });

export const moveLibraryItemsMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['library', 'MoveLibraryItems'],
    mutationFn: (input: { itemIds: string[]; folderId: string | null }) =>
      call('MoveLibraryItems', { ItemIds: input.itemIds, FolderId: input.folderId }),
    onSuccess: library(client),
  });

export const deleteLibraryItemsMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['library', 'DeleteLibraryItems'],
    mutationFn: (itemIds: string[]) => call('DeleteLibraryItems', { ItemIds: itemIds }),
    onSuccess: library(client),
  });

export const addLogoMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['logos', 'AddLogo'],
    mutationFn: (fileId: string) => call('AddLogo', { FileId: fileId }),
    onSuccess: logos(client),
  });

export const setDefaultLogoMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['logos', 'SetDefaultLogo'],
    mutationFn: (logoId: string) => call('SetDefaultLogo', { LogoId: logoId }),
    onSuccess: logos(client),
  });

export const deleteLogoMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['logos', 'DeleteLogo'],
    mutationFn: (logoId: string) => call('DeleteLogo', { LogoId: logoId }),
    onSuccess: logos(client),
  });

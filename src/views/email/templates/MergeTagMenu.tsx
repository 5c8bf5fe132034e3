import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { mergeTagText } from '../../../gateway/contract/email/template-rules';

/** Inserts a merge tag ({{FirstName}}) from the contact fields and the account's attributes; keyboard reachable. */
export function MergeTagMenu({ tags, onInsert }: { tags: string[]; onInsert: (tag: string) => void }) {
  const { t } = useTranslation('emailTemplates');
  return (
    <Menu>
      <MenuButton
        // Keeps the editor's selection: a mouse press on the button does not take the focus from it.
        onMouseDown={(event) => event.preventDefault()}
        className="rounded-[var(--radius-herald)] bg-white px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
      >
        {t('editor.insertMergeTag')}
      </MenuButton>
      <MenuItems
        anchor="bottom start"
        className="z-50 max-h-64 min-w-48 overflow-auto rounded-[var(--radius-herald)] border border-slate-200 bg-white py-1 text-sm shadow-lg [--anchor-gap:4px]"
      >
        {tags.map((tag) => (
          <MenuItem key={tag}>
            <button
              type="button"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onInsert(mergeTagText(tag))}
              className="block w-full px-3 py-1.5 text-left font-mono data-[focus]:bg-brand-50"
            >
              {mergeTagText(tag)}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Contact } from '../../gateway/contract/audience/contact-fields';
import { VirtualTable } from '../ui/VirtualTable';
import { formatDay } from '../common/format';
import { shownPhone } from './AudiencePage';

/** The contacts under a virtual list, each with a box to select it for the bulk steps. */
export function ContactTable({
  caption,
  total,
  rowAt,
  onVisibleRangeChange,
  selected,
  onToggle,
}: {
  caption: string;
  total: number;
  rowAt: (index: number) => Contact | undefined;
  onVisibleRangeChange: (first: number, last: number) => void;
  selected: ReadonlySet<number>;
  onToggle: (contactId: number) => void;
}) {
  const { t } = useTranslation('audience');
  const nameOf = (c: Contact) => [c.FirstName, c.LastName].filter(Boolean).join(' ') || c.Email || shownPhone(c.Phone);
  return (
    <VirtualTable
      caption={caption}
      testId="contacts-table"
      rowCount={total}
      rowAt={rowAt}
      rowKey={(c) => String(c.ContactId)}
      onVisibleRangeChange={onVisibleRangeChange}
      columns={[
        {
          key: 'select',
          header: <span className="sr-only">{t('contacts.select')}</span>,
          width: '3rem',
          cell: (c) => (
            <input
              type="checkbox"
              aria-label={t('contacts.selectOne', { name: nameOf(c) })}
              checked={selected.has(c.ContactId)}
              onChange={() => onToggle(c.ContactId)}
              className="h-4 w-4"
            />
          ),
        },
        {
          key: 'name',
          header: t('contacts.columns.name'),
          width: 'minmax(9rem,1fr)',
          cell: (c) => (
            <Link href={`/audience/contact/${c.ContactId}`} className="text-brand-700 hover:underline">
              {nameOf(c)}
            </Link>
          ),
        },
        { key: 'email', header: t('fields.email'), width: 'minmax(10rem,1.4fr)', cell: (c) => c.Email || '—' },
        {
          key: 'phone',
          header: t('fields.phone'),
          width: '10rem',
          cell: (c) => <span className="font-mono">{shownPhone(c.Phone) || '—'}</span>,
        },
        { key: 'tags', header: t('fields.tags'), width: 'minmax(8rem,1fr)', cell: (c) => c.Tags.join(', ') || '—' },
        { key: 'created', header: t('fields.createdAt'), width: '7rem', cell: (c) => formatDay(c.CreateTime) },
      ]}
    />
  );
}

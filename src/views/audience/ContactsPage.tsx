import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { cdpTagsQuery, contactListsQuery, segmentsQuery } from '../../gateway/client/queries/audience';
import { CONTACT_ORDER_FIELDS } from '../../gateway/contract/actions/audience';
import { BULK_CONTACTS_MAX } from '../../gateway/contract/audience/rules';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { EmptyState, ErrorState } from '../ui/EmptyState';
import { Select } from '../ui/Select';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { formatCount } from '../common/format';
import { AudiencePage } from './AudiencePage';
import { BulkActions } from './BulkActions';
import { ContactTable } from './ContactTable';
import { NewContactDialog } from './NewContactDialog';
import { usePagedContacts, type ContactFilters } from './usePagedContacts';

const ANY = 0;

/** /audience/contact: every contact, searched, filtered, sorted and selected for bulk steps. */
export default function ContactsPage() {
  const { t, i18n } = useTranslation('audience');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<ContactFilters>({ OrderBy: 'CreateTime', OrderType: 'desc' });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [creating, setCreating] = useState(false);
  const tags = useQuery(cdpTagsQuery());
  const lists = useQuery(contactListsQuery());
  const segments = useQuery(segmentsQuery());
  const contacts = usePagedContacts(filters);
  const apply = (next: Partial<ContactFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setSelected(new Set());
  };
  const toggle = (contactId: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(contactId)) next.delete(contactId);
      else if (next.size < BULK_CONTACTS_MAX) next.add(contactId);
      return next;
    });

  const body = () => {
    if (contacts.first.isPending)
      return (
        <div className="flex justify-center py-10 text-brand-600">
          <Spinner className="h-6 w-6" label={t('loading')} />
        </div>
      );
    if (contacts.first.isError)
      return (
        <ErrorState message={t('loadFailed')} onRetry={() => void contacts.first.refetch()} retryLabel={t('retry')} />
      );
    if (contacts.total === 0)
      return (
        <EmptyState
          title={t('contacts.emptyTitle')}
          description={t('contacts.emptyBody')}
          action={
            <Link href="/audience/contacts/import" className="text-sm font-medium text-brand-700 underline">
              {t('contacts.import')}
            </Link>
          }
        />
      );
    return (
      <ContactTable
        caption={t('titles.contacts')}
        total={contacts.total}
        rowAt={contacts.rowAt}
        onVisibleRangeChange={contacts.onVisibleRangeChange}
        selected={selected}
        onToggle={toggle}
      />
    );
  };

  return (
    <AudiencePage
      title={t('titles.contacts')}
      description={t('contacts.description')}
      testId="contacts-page"
      actions={
        <>
          <Link
            href="/audience/attributes"
            className="rounded-[var(--radius-herald)] px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {t('titles.attributes')}
          </Link>
          <Link
            href="/audience/contacts/import"
            className="rounded-[var(--radius-herald)] px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {t('contacts.import')}
          </Link>
          <Button onClick={() => setCreating(true)} data-testid="new-contact">
            {t('contacts.new')}
          </Button>
        </>
      }
    >
      <Card className="mb-4">
        <form
          className="grid gap-3 md:grid-cols-6"
          onSubmit={(event) => {
            event.preventDefault();
            apply({ Search: search.trim() || undefined });
          }}
        >
          <TextField
            className="md:col-span-2"
            label={t('contacts.search')}
            value={search}
            onValueChange={setSearch}
            placeholder={t('contacts.searchHint')}
            data-testid="contact-search"
            trailing={
              <Button type="submit" variant="secondary">
                {t('contacts.searchAction')}
              </Button>
            }
          />
          <Select
            label={t('contacts.tag')}
            value={filters.Tag ?? ''}
            options={[
              { value: '', label: t('contacts.any') },
              ...(tags.data?.Tags ?? []).map((tag) => ({ value: tag, label: tag })),
            ]}
            onChange={(tag) => apply({ Tag: tag || undefined })}
          />
          <Select
            label={t('contacts.list')}
            value={filters.ListId ?? ANY}
            options={[
              { value: ANY, label: t('contacts.any') },
              ...(lists.data?.Lists ?? []).map((list) => ({ value: list.ListId, label: list.Name })),
            ]}
            onChange={(listId) => apply({ ListId: listId || undefined })}
          />
          <Select
            label={t('contacts.segment')}
            value={filters.SegmentId ?? ANY}
            options={[
              { value: ANY, label: t('contacts.any') },
              ...(segments.data?.Segments ?? []).map((segment) => ({ value: segment.SegmentId, label: segment.Name })),
            ]}
            onChange={(segmentId) => apply({ SegmentId: segmentId || undefined })}
          />
          <Select
            label={t('contacts.sort')}
            value={`${filters.OrderBy}:${filters.OrderType}`}
            options={CONTACT_ORDER_FIELDS.flatMap((field) =>
              (['asc', 'desc'] as const).map((order) => ({
                value: `${field}:${order}`,
                label: t(`contacts.order.${field}_${order}`),
              })),
            )}
            onChange={(value) => {
              const [OrderBy, OrderType] = value.split(':') as [ContactFilters['OrderBy'], 'asc' | 'desc'];
              apply({ OrderBy, OrderType });
            }}
          />
        </form>
      </Card>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-500" data-testid="contacts-total">
          {t('contacts.total', { count: contacts.total, countText: formatCount(contacts.total, i18n.language) })}
        </p>
        <BulkActions
          selected={[...selected]}
          lists={lists.data?.Lists ?? []}
          onDone={() => {
            setSelected(new Set());
            contacts.reset();
          }}
        />
      </div>
      {body()}
      <NewContactDialog open={creating} onClose={() => setCreating(false)} />
    </AudiencePage>
  );
}

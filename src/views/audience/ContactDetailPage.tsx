import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { attributesQuery, contactQuery } from '../../gateway/client/queries/audience';
import { Card } from '../ui/Card';
import { formatTime } from '../common/format';
import { AudiencePage, Loaded, shownPhone } from './AudiencePage';
import { ContactForm } from './ContactForm';

/** /audience/contact/:contactId: a contact's fields and attributes, its lists and the messages it received. */
export default function ContactDetailPage() {
  const { t } = useTranslation('audience');
  const contactId = Number(useParams<{ contactId: string }>().contactId);
  const contact = useQuery({ ...contactQuery(contactId), enabled: contactId > 0 });
  const attributes = useQuery(attributesQuery());
  const data = contact.data;
  const title = data
    ? [data.Contact.FirstName, data.Contact.LastName].filter(Boolean).join(' ') ||
      data.Contact.Email ||
      shownPhone(data.Contact.Phone)
    : t('titles.contact');
  return (
    <AudiencePage title={title} testId="contact-page">
      <Loaded
        isPending={contact.isPending || attributes.isPending}
        isError={contact.isError || attributes.isError}
        onRetry={() => void Promise.all([contact.refetch(), attributes.refetch()])}
      >
        {() => (
          <div className="grid gap-4 lg:grid-cols-3">
            <Card title={t('contact.details')} className="lg:col-span-2">
              <ContactForm
                key={data!.Contact.UpdateTime}
                contact={data!.Contact}
                attributes={attributes.data!.Attributes}
              />
            </Card>
            <div className="grid content-start gap-4">
              <Card title={t('contact.lists')}>
                {data!.Lists.length === 0 ? (
                  <p className="text-sm text-slate-500">{t('contact.noLists')}</p>
                ) : (
                  <ul className="space-y-1 text-sm">
                    {data!.Lists.map((list) => (
                      <li key={list.ListId}>
                        <Link
                          href={`/audience/list/detail?id=${list.ListId}`}
                          className="text-brand-700 hover:underline"
                        >
                          {list.Name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
              <Card title={t('contact.messages')}>
                {data!.Messages.length === 0 ? (
                  <p className="text-sm text-slate-500">{t('contact.noMessages')}</p>
                ) : (
                  <ul className="space-y-2 text-sm" data-testid="contact-messages">
                    {data!.Messages.map((message, i) => (
                      <li key={`${message.TaskId}-${i}`} className="border-b border-slate-100 pb-2">
                        <p className="text-xs text-slate-500">
                          {t(`channels.${message.Channel}` as 'channels.sms')} · {formatTime(message.SendTime)}
                        </p>
                        <p className="text-slate-800">{message.Content}</p>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            </div>
          </div>
        )}
      </Loaded>
    </AudiencePage>
  );
}

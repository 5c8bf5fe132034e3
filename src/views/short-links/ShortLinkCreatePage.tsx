import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { shortLinkKeys } from '../../gateway/client/queries/short-links';
import { shortLinkCreateMachine } from '../../machines/short-link-create.machine';
import { inspectActor } from '../../statecharts/inspection-bus';
import { useText } from '../common/useText';
import { useNotify } from '../shell/actors';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { PageFrame } from '../ui/PageFrame';
import { ShortLinkFields, type ShortLinkFieldSpec } from '../common/short-links/ShortLinkFields';
import { CopyButton } from './CopyButton';
import { QrCodePanel } from './QrCodePanel';

const FIELDS: ShortLinkFieldSpec[] = [
  { field: 'title', label: 'form.title', wide: true },
  { field: 'url', label: 'form.url', wide: true, hint: 'form.urlHint' },
  { field: 'utmSource', label: 'form.utmSource' },
  { field: 'utmMedium', label: 'form.utmMedium' },
  { field: 'utmCampaign', label: 'form.utmCampaign' },
  { field: 'utmTerm', label: 'form.utmTerm' },
  { field: 'utmContent', label: 'form.utmContent' },
];

const secondaryLink =
  'rounded-[var(--radius-herald)] px-4 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50';

/** /tool/short-link/create: the form (shortLinkCreate machine), then the new link with its QR code. */
export default function ShortLinkCreatePage() {
  const { t } = useTranslation('shortLinks');
  const text = useText();
  const notify = useNotify();
  const client = useQueryClient();
  const actor = useActorRef(shortLinkCreateMachine, { inspect: inspectActor });
  const step = useSelector(actor, (s) => String(s.value));
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const created = useSelector(actor, (s) => s.context.created);

  useEffect(() => {
    if (step !== 'created') return;
    notify(t('form.created'));
    void client.invalidateQueries({ queryKey: shortLinkKeys.all });
  }, [step, notify, t, client]);

  if (step === 'created' && created)
    return (
      <PageFrame title={t('titles.create')} testId="short-link-created">
        <Card title={t('form.createdTitle')}>
          <dl className="grid gap-2 text-sm">
            <dt className="text-slate-500">{t('detail.shortUrl')}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <code>{created.ShortUrl}</code>
              <CopyButton text={created.ShortUrl} />
            </dd>
            <dt className="text-slate-500">{t('detail.originalUrl')}</dt>
            <dd className="break-all">{created.OriginalUrl}</dd>
          </dl>
          <div className="mt-6">
            <QrCodePanel url={created.QrUrl} fileName={`short-link-${created.LinkId}`} />
          </div>
          <div className="mt-6 flex gap-2">
            <Link href={`/tool/short-link/detail?id=${created.LinkId}`} className={secondaryLink}>
              {t('form.open')}
            </Link>
            <Button variant="secondary" onClick={() => actor.send({ type: 'form.reset' })}>
              {t('form.another')}
            </Button>
          </div>
        </Card>
      </PageFrame>
    );

  return (
    <PageFrame title={t('titles.create')} description={t('form.subtitle')} testId="short-link-create">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <Card>
          {step === 'failed' && error && (
            <p role="alert" className="mb-4 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800">
              {text(error)}
            </p>
          )}
          <ShortLinkFields
            fields={FIELDS}
            values={values}
            errors={fieldErrors}
            onChange={(field, value) => actor.send({ type: 'field.change', field, value })}
          />
          <div className="mt-6 flex justify-end gap-2">
            <Link href="/tool/short-link" className={secondaryLink}>
              {t('form.cancel')}
            </Link>
            <Button type="submit" loading={step === 'submitting'}>
              {t('form.submit')}
            </Button>
          </div>
        </Card>
      </form>
    </PageFrame>
  );
}

import { useSelector } from '@xstate/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TICKET_CATEGORIES, TICKET_COMMENT_MAX, TICKET_PICTURES_MAX } from '../../../gateway/contract/actions/tickets';
import type { UploadFile } from '../../../machines/upload.machine';
import { Select } from '../../ui/Select';
import { Textarea } from '../../ui/Textarea';
import { Button } from '../../ui/Button';
import { PictureSlot, type ComposeActor } from './PictureSlot';

let nextKey = 0;

/** The form of a new ticket (with a category) or of a reply (without), bound to ticketCompose. */
export function ComposeForm({ compose, withCategory }: { compose: ComposeActor; withCategory: boolean }) {
  const { t } = useTranslation(['settings', 'validation']);
  const category = useSelector(compose, (s) => s.context.category);
  const comment = useSelector(compose, (s) => s.context.comment);
  const pictureKeys = useSelector(compose, (s) => s.context.pictures.map((p) => p.key).join(','));
  const waiting = useSelector(compose, (s) => s.context.pictures.some((p) => p.fileId === null));
  const submitting = useSelector(compose, (s) => s.matches('submitting'));
  const canAdd = useSelector(compose, (s) => s.can({ type: 'picture.add', key: '' }));
  const error = useSelector(compose, (s) => s.context.error);
  const [files, setFiles] = useState<Record<string, UploadFile>>({});
  const [tried, setTried] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const keys = pictureKeys ? pictureKeys.split(',') : [];
  const length = comment.trim().length;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        compose.send({ type: 'form.submit' });
      }}
    >
      {withCategory && (
        <Select
          label={t('tickets.form.category')}
          placeholder={t('tickets.form.categoryPlaceholder')}
          value={category}
          error={tried && category === null ? t('tickets.form.categoryRequired') : undefined}
          options={TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`tickets.categories.${c}`) }))}
          onChange={(value) => compose.send({ type: 'category.change', category: value })}
          testId="ticket-category"
        />
      )}
      <Textarea
        label={withCategory ? t('tickets.form.comment') : t('tickets.form.reply')}
        value={comment}
        maxLength={TICKET_COMMENT_MAX}
        rows={4}
        hint={t('tickets.form.count', { count: length, max: TICKET_COMMENT_MAX })}
        error={tried && length === 0 ? t('validation:commentRequired') : undefined}
        onValueChange={(value) => compose.send({ type: 'comment.change', value })}
      />
      <div>
        <p className="mb-1 text-sm font-medium text-slate-700">{t('tickets.form.pictures')}</p>
        <p className="mb-2 text-xs text-slate-500">{t('tickets.form.picturesHint', { max: TICKET_PICTURES_MAX })}</p>
        {keys.length > 0 && (
          <ul className="mb-2 flex flex-wrap gap-2">
            {keys.map(
              (key) => files[key] && <PictureSlot key={key} slotKey={key} file={files[key]} compose={compose} />,
            )}
          </ul>
        )}
        <input
          ref={input}
          type="file"
          multiple
          accept="image/png,image/jpeg,image/gif,image/webp,image/bmp"
          className="sr-only"
          data-testid="ticket-pictures-input"
          aria-label={t('tickets.form.addPictures')}
          onChange={(e) => {
            const picked = [...(e.target.files ?? [])].slice(0, TICKET_PICTURES_MAX - keys.length);
            const added: Record<string, UploadFile> = {};
            for (const file of picked) {
              const key = `picture-${nextKey++}`;
              added[key] = file;
              compose.send({ type: 'picture.add', key });
            }
            setFiles((current) => ({ ...current, ...added }));
            e.target.value = '';
          }}
        />
        <Button variant="secondary" disabled={!canAdd} onClick={() => input.current?.click()}>
          {t('tickets.form.addPictures')}
        </Button>
      </div>
      {tried && waiting && <p className="text-sm text-amber-700">{t('tickets.form.waitForPictures')}</p>}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <Button type="submit" loading={submitting}>
        {withCategory ? t('tickets.form.submit') : t('tickets.form.send')}
      </Button>
    </form>
  );
}

import { useTranslation } from 'react-i18next';
import type { WaTemplateForm } from '../../../machines/wa-template-editor.machine';

/** The body with each {{n}} replaced by its sample (the variable itself while it has none). */
function filled(text: string, samples: string[]): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => samples[Number(n) - 1] || whole);
}

/** A live WhatsApp chat bubble of the template as a customer would see it. */
export function WaTemplatePreview({ form }: { form: WaTemplateForm }) {
  const { t } = useTranslation('waTemplates');
  const media = form.HeaderFormat === 'IMAGE' || form.HeaderFormat === 'VIDEO' || form.HeaderFormat === 'DOCUMENT';
  return (
    <section aria-label={t('editor.preview')} className="rounded-lg bg-[#e5ddd5] p-4">
      <h2 className="mb-2 text-xs font-semibold uppercase text-slate-600">{t('editor.preview')}</h2>
      <div className="max-w-xs rounded-lg bg-white p-3 text-sm shadow" data-testid="wa-preview">
        {media && (
          <div className="mb-2 flex h-28 items-center justify-center rounded bg-slate-200 text-xs text-slate-500">
            {t(`editor.headerFormats.${form.HeaderFormat}`)}
          </div>
        )}
        {form.HeaderFormat === 'TEXT' && (
          <p className="mb-1 font-semibold">{filled(form.HeaderText, [form.HeaderSample])}</p>
        )}
        <p className="whitespace-pre-wrap break-words">{filled(form.Body, form.BodySamples)}</p>
        {form.Footer && <p className="mt-1 text-xs text-slate-500">{form.Footer}</p>}
      </div>
      {form.Buttons.length > 0 && (
        <ul className="mt-1 max-w-xs space-y-1">
          {form.Buttons.map((button, i) => (
            <li key={i} className="rounded-lg bg-white py-2 text-center text-sm font-medium text-sky-600 shadow">
              {button.Text || t(`editor.buttonTypes.${button.Type}`)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { smsPriceQuery } from '../../../../gateway/client/queries/sms';
import { countSmsSegments } from '../../../../gateway/contract/sms-segments';
import { renderTemplate } from '../../../../gateway/contract/sms-template';
import { formatMoney } from '../../../../gateway/contract/money';
import { currentRecipients } from '../../../../machines/sms-send.machine';
import { firstRecipientLine, recipientRows, validRecipients } from '../../../../workers/sms-recipients';
import { Card } from '../../../ui/Card';
import type { SendActor } from './ComposeForm';

/** What the first recipient will read, its parts, and a cost estimate from GetUSMSPrice. */
export function LivePreview({ actor }: { actor: SendActor }) {
  const { t, i18n } = useTranslation('sms');
  const template = useSelector(actor, (s) => s.context.template);
  const country = useSelector(actor, (s) => s.context.form.countryCode);
  // The stored check of the list: never parsed here (issue 22).
  const list = useSelector(actor, (s) => currentRecipients(s.context));
  const price = useQuery(smsPriceQuery(country));
  const variables = template?.VariableCount ?? 0;
  const sample = list && variables > 0 ? recipientRows({ text: firstRecipientLine(list) }, variables)[0].slice(1) : [];
  const content = template ? renderTemplate(template.Content, sample) : '';
  const parts = countSmsSegments(content, country || undefined);
  const valid = list ? validRecipients(list) : 0;
  const unit = price.data?.Prices[0];
  const estimate = unit ? valid * parts.segments * unit.Price : null;

  return (
    <aside className="lg:sticky lg:top-4 lg:self-start">
      <Card title={t('send.preview.title')}>
        <div className="rounded-2xl bg-slate-100 p-4">
          {content ? (
            <p
              className="whitespace-pre-wrap break-words rounded-2xl rounded-bl-sm bg-white px-3 py-2 text-sm shadow-sm"
              data-testid="send-live-preview"
            >
              {content}
            </p>
          ) : (
            <p className="text-sm text-slate-500">{t('send.preview.empty')}</p>
          )}
        </div>
        <dl className="mt-4 space-y-1 text-sm" data-testid="segment-counter">
          <div className="flex justify-between">
            <dt className="text-slate-500">{t('send.preview.encoding')}</dt>
            <dd>{parts.encoding === 'GSM7' ? t('send.preview.gsm') : t('send.preview.unicode')}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-500">{t('send.preview.characters')}</dt>
            <dd className="tabular-nums">
              {parts.countryUnits > 0
                ? t('send.preview.unitsWithCountry', { units: parts.units, country: parts.countryUnits })
                : parts.units}
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-500">{t('send.preview.segments')}</dt>
            <dd className="tabular-nums" data-testid="segment-count">
              {t('send.preview.segmentsValue', {
                count: parts.segments,
                per: parts.perSegment,
                remaining: parts.remaining,
              })}
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-500">{t('send.preview.recipients')}</dt>
            <dd className="tabular-nums">{valid.toLocaleString()}</dd>
          </div>
          <div className="flex justify-between border-t border-slate-100 pt-1 font-medium">
            <dt>{t('send.preview.estimate')}</dt>
            <dd className="tabular-nums" data-testid="cost-estimate">
              {estimate === null
                ? country
                  ? price.isError
                    ? t('send.preview.noPrice')
                    : '…'
                  : t('send.preview.pickCountry')
                : formatMoney(estimate, unit?.Currency, i18n.language)}
            </dd>
          </div>
        </dl>
        {/* after the list: a definition list holds only its terms and values (axe "definition-list") */}
        {unit && (
          <p className="mt-1 text-xs text-slate-500">
            {t('send.preview.unitPrice', {
              price: formatMoney(unit.Price, unit.Currency, i18n.language, { maxDigits: 4 }),
            })}
          </p>
        )}
      </Card>
    </aside>
  );
}

import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { WA_TEMPLATE_LIMITS } from '../../../gateway/contract/wa-templates';
import type { waTemplateEditorMachine } from '../../../machines/wa-template-editor.machine';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';

/** The template's buttons of the chosen kind: text, and a web address or phone number for call-to-action. */
export function WaButtonsField({ actor }: { actor: ActorRefFrom<typeof waTemplateEditorMachine> }) {
  const { t } = useTranslation('waTemplates');
  const text = useText();
  const form = useSelector(actor, (s) => s.context.form);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const err = (path: string) => text(errors[path]) || undefined;
  const { ButtonKind: kind, Buttons: buttons } = form;
  if (kind === 'NONE') return null;
  const max = kind === 'QUICK_REPLY' ? WA_TEMPLATE_LIMITS.quickRepliesMax : kind === 'CALL_TO_ACTION' ? 2 : 1;
  const change = (index: number, field: 'Type' | 'Text' | 'Url' | 'Phone', value: string) =>
    actor.send({ type: 'button.change', index, field, value });

  return (
    <fieldset className="flex flex-col gap-3 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{t(`editor.buttonKinds.${kind}`)}</legend>
      {err('Buttons') && (
        <p role="alert" className="text-xs text-red-600">
          {err('Buttons')}
        </p>
      )}
      {buttons.map((button, i) => (
        <div key={i} className="grid items-start gap-3 sm:grid-cols-[10rem_1fr_1fr_auto]">
          {kind === 'CALL_TO_ACTION' ? (
            <Select
              label={`${t('editor.buttonType')} ${i + 1}`}
              value={button.Type}
              error={err(`Buttons.${i}.Type`)}
              options={(['URL', 'PHONE_NUMBER'] as const).map((value) => ({
                value,
                label: t(`editor.buttonTypes.${value}`),
              }))}
              onChange={(value) => change(i, 'Type', value)}
            />
          ) : (
            <span className="pt-7 text-sm text-slate-600">{t(`editor.buttonTypes.${button.Type}`)}</span>
          )}
          <TextField
            label={`${t('editor.buttonText')} ${i + 1}`}
            value={button.Text}
            error={err(`Buttons.${i}.Text`)}
            counter={{ count: button.Text.length, max: WA_TEMPLATE_LIMITS.buttonTextMax }}
            onValueChange={(value) => change(i, 'Text', value)}
          />
          {button.Type === 'URL' && (
            <TextField
              label={`${t('editor.buttonUrl')} ${i + 1}`}
              type="url"
              value={button.Url}
              error={err(`Buttons.${i}.Url`)}
              onValueChange={(value) => change(i, 'Url', value)}
            />
          )}
          {button.Type === 'PHONE_NUMBER' && (
            <TextField
              label={`${t('editor.buttonPhone')} ${i + 1}`}
              type="tel"
              value={button.Phone}
              error={err(`Buttons.${i}.Phone`)}
              onValueChange={(value) => change(i, 'Phone', value)}
            />
          )}
          {button.Type !== 'URL' && button.Type !== 'PHONE_NUMBER' && <span />}
          {kind !== 'COPY_CODE' && (
            <Button
              type="button"
              variant="ghost"
              className="mt-6"
              onClick={() => actor.send({ type: 'button.remove', index: i })}
            >
              {t('editor.removeButton', { n: i + 1 })}
            </Button>
          )}
        </div>
      ))}
      {buttons.length < max && kind !== 'COPY_CODE' && (
        <div>
          <Button type="button" variant="secondary" onClick={() => actor.send({ type: 'button.add' })}>
            {t('editor.addButton')}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

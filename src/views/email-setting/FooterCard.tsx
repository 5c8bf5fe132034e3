import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveEmailFooterMutation, sendEmailFooterTestMutation } from '../../gateway/client/mutations/email-footer';
import { emailFooterQuery } from '../../gateway/client/queries/email-footer';
import { logosQuery } from '../../gateway/client/queries/library';
import { EMAIL_FOOTER_LINE_MAX, emailFooterActions } from '../../gateway/contract/actions/email-footer';
import { fieldErrorsOf } from '../../gateway/contract/field-errors';
import { chosenLogo, LogoChoiceSelect, type LogoChoice } from '../common/logos/LogoChoiceSelect';
import { useText } from '../common/useText';
import { gatewayMessage } from '../gateway-bridge';
import { useNotify } from '../shell/actors';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { TextField } from '../ui/TextField';

/**
 * The e-mail footer: a logo (none, the default or any of the account's) and a name/address line, put at the
 * end of every task mail; a preview, and a test mail to the signed-in account's own address.
 */
export function FooterCard() {
  const { t } = useTranslation('emailSetting');
  const text = useText();
  const notify = useNotify();
  const client = useQueryClient();
  const footer = useQuery(emailFooterQuery());
  const logos = useQuery(logosQuery());
  const save = useMutation(saveEmailFooterMutation(client));
  const test = useMutation(sendEmailFooterTestMutation());
  const [logo, setLogo] = useState<LogoChoice>('none');
  const [line, setLine] = useState('');
  useEffect(() => {
    if (!footer.data) return;
    setLogo(footer.data.Logo);
    setLine(footer.data.Line);
  }, [footer.data]);

  const list = logos.data?.Logos ?? [];
  const shown = chosenLogo(list, logo);
  const errors = fieldErrorsOf(emailFooterActions.SaveEmailFooter.input, { Logo: logo, Line: line }, {});
  const lineError = errors.Line ? text(errors.Line) : undefined;
  const failure = gatewayMessage(save.error) ?? gatewayMessage(test.error);

  return (
    <Card title={t('footer.title')}>
      <p className="mb-4 text-sm text-slate-500">{t('footer.intro')}</p>
      <div className="grid gap-4 md:grid-cols-2">
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (lineError) return;
            save.mutate({ Logo: logo, Line: line }, { onSuccess: () => notify(t('footer.saved')) });
          }}
        >
          <LogoChoiceSelect
            label={t('footer.logo')}
            logos={list}
            value={logo}
            onChange={setLogo}
            testId="footer-logo"
          />
          <TextField
            label={t('footer.line')}
            hint={t('footer.lineHint')}
            value={line}
            error={lineError}
            counter={{ count: line.length, max: EMAIL_FOOTER_LINE_MAX }}
            onValueChange={setLine}
          />
          {failure && (
            <p role="alert" className="text-sm text-red-600">
              {failure}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={save.isPending} disabled={!!lineError}>
              {t('footer.save')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              loading={test.isPending}
              onClick={() =>
                test.mutate(undefined, { onSuccess: (data) => notify(t('footer.testSent', { to: data.To })) })
              }
            >
              {t('footer.test')}
            </Button>
          </div>
          <p className="text-xs text-slate-500">{t('footer.testHint')}</p>
        </form>
        <figure className="rounded-[var(--radius-herald)] border border-dashed border-slate-300 p-4">
          <figcaption className="mb-2 text-xs font-medium uppercase text-slate-500">{t('footer.preview')}</figcaption>
          <div className="border-t border-slate-200 pt-4 text-center text-xs text-slate-500">
            {shown && <img src={shown.MediaURL} alt={shown.Name} className="mx-auto mb-2 h-10 w-auto max-w-[200px]" />}
            {line ? <p>{line}</p> : !shown && <p>{t('footer.empty')}</p>}
          </div>
        </figure>
      </div>
    </Card>
  );
}

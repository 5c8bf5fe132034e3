import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePasswordMutation } from '../../../gateway/client/mutations/settings';
import { accountActions } from '../../../gateway/contract/actions/account';
import { fieldErrorsOf, type FieldErrors } from '../../../gateway/contract/field-errors';
import { useNotify } from '../../shell/actors';
import { useFieldError } from '../../common/useFieldError';
import { TextField } from '../../ui/TextField';
import { Button } from '../../ui/Button';

const schema = accountActions.ChangePassword.input;

export function PasswordSection() {
  const { t } = useTranslation('settings');
  const notify = useNotify();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const fieldError = useFieldError(errors);
  const change = useMutation(changePasswordMutation());
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const found = fieldErrorsOf(
          schema,
          { OldPassword: current, NewPassword: next },
          { OldPassword: 'current', NewPassword: 'next' },
        );
        if (!found.next && confirm !== next) found.confirm = 'validation:passwordMismatch';
        setErrors(found);
        if (Object.keys(found).length === 0)
          change.mutate(
            { OldPassword: current, NewPassword: next },
            {
              onSuccess: () => {
                setCurrent('');
                setNext('');
                setConfirm('');
                notify(t('user.password.saved'));
              },
            },
          );
      }}
    >
      <TextField
        label={t('user.password.current')}
        type="password"
        autoComplete="current-password"
        value={current}
        error={fieldError('current')}
        onValueChange={setCurrent}
      />
      <TextField
        label={t('user.password.new')}
        type="password"
        autoComplete="new-password"
        value={next}
        hint={t('user.password.rules')}
        error={fieldError('next')}
        onValueChange={setNext}
      />
      <TextField
        label={t('user.password.confirm')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        error={fieldError('confirm')}
        onValueChange={setConfirm}
      />
      <Button type="submit" loading={change.isPending}>
        {t('user.password.save')}
      </Button>
    </form>
  );
}

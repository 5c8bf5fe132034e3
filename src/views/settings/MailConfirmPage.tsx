import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { changeEmailMutation } from '../../gateway/client/mutations/settings';
import { SessionActor } from '../shell/actors';
import { AuthLayout } from '../common/AuthLayout';
import { Button } from '../ui/Button';

/**
 * /mail: the link mailed to the new address. A click confirms (mail scanners that open links must not
 * change an account on their own); the session that asked for the change keeps going.
 */
export default function MailConfirmPage() {
  const { t } = useTranslation('settings');
  const key = new URLSearchParams(useSearch()).get('key') ?? '';
  const session = SessionActor.useActorRef();
  const signedIn = SessionActor.useSelector((s) => s.matches('signedIn'));
  const confirm = useMutation(changeEmailMutation());
  return (
    <AuthLayout title={t('mail.title')} subtitle={t('mail.text')}>
      <div className="space-y-4" data-testid="mail-confirm">
        {!key && (
          <p role="alert" className="text-sm text-red-600">
            {t('mail.missingKey')}
          </p>
        )}
        {confirm.error && (
          <p role="alert" className="rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-700">
            {confirm.error.message}
          </p>
        )}
        {confirm.data ? (
          <>
            <p
              role="status"
              className="rounded-[var(--radius-herald)] bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
              data-testid="mail-confirmed"
            >
              {t('mail.done', { email: confirm.data.Email })}
            </p>
            <Link
              href={
                signedIn ? '/setting/user-setting?tab=email' : `/signin?email=${encodeURIComponent(confirm.data.Email)}`
              }
              className="block text-center text-sm font-medium text-brand-600 hover:underline"
            >
              {signedIn ? t('mail.toConsole') : t('mail.toSignIn')}
            </Link>
          </>
        ) : (
          key && (
            <Button
              className="w-full"
              loading={confirm.isPending}
              onClick={() =>
                confirm.mutate(key, {
                  onSuccess: () => {
                    if (signedIn) session.send({ type: 'user.reload' });
                  },
                })
              }
            >
              {t('mail.confirm')}
            </Button>
          )
        )}
      </div>
    </AuthLayout>
  );
}

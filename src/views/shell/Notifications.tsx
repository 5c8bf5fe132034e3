import { useTranslation } from 'react-i18next';
import { NotificationsActor } from './actors';
import type { NotificationLevel } from '../../machines/notifications.machine';

const tone: Record<NotificationLevel, string> = {
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-sky-200 bg-sky-50 text-sky-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-800',
  error: 'border-red-200 bg-red-50 text-red-800',
};

/** Top centre under the top bar (never over it: issue 18 §14), at most 3, each hides itself after 3 s (the machine decides). */
export function Notifications() {
  const items = NotificationsActor.useSelector((s) => s.context.items);
  const actor = NotificationsActor.useActorRef();
  const { t } = useTranslation('shell');
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-16 z-50 flex flex-col items-center gap-2"
    >
      {items.map((item) => (
        <div
          key={item.id}
          role={item.level === 'error' ? 'alert' : 'status'}
          data-level={item.level}
          className={`pointer-events-auto flex max-w-lg items-start gap-3 rounded-[var(--radius-herald)] border px-4 py-2 text-sm shadow-md ${tone[item.level]}`}
        >
          <span className="flex-1">{item.message}</span>
          <button
            type="button"
            className="opacity-60 hover:opacity-100"
            aria-label={t('notifications.dismiss')}
            onClick={() => actor.send({ type: 'notify.dismiss', id: item.id })}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { Card } from '../ui/Card';
import { Tabs } from '../ui/Tabs';
import { ProfileSection } from './user/ProfileSection';
import { PasswordSection } from './user/PasswordSection';
import { EmailSection } from './user/EmailSection';
import { NotificationSettingsSection } from './user/NotificationSettingsSection';
import { AccessKeysSection } from './user/AccessKeysSection';

const TABS = ['profile', 'password', 'email', 'notifications', 'accessKeys'] as const;
type TabKey = (typeof TABS)[number];

export default function UserSettingsPage() {
  const { t } = useTranslation('settings');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const asked = new URLSearchParams(search).get('tab');
  const selected: TabKey = (TABS as readonly string[]).includes(asked ?? '') ? (asked as TabKey) : 'profile';
  const content: Record<TabKey, ReactNode> = {
    profile: <ProfileSection />,
    password: <PasswordSection />,
    email: <EmailSection />,
    notifications: <NotificationSettingsSection />,
    accessKeys: <AccessKeysSection />,
  };
  return (
    <Card title={t('user.title')}>
      <Tabs
        selectedKey={selected}
        onChange={(key) => navigate(`${location}?tab=${key}`, { replace: true })}
        tabs={TABS.map((key) => ({
          key,
          label: t(`user.tabs.${key}`),
          content: <div className="max-w-xl">{content[key]}</div>,
        }))}
      />
    </Card>
  );
}

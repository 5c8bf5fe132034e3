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
import { SignInIdentitiesSection } from './user/SignInIdentitiesSection';
import { PageFrame } from '../ui/PageFrame';

const TABS = ['profile', 'password', 'signIn', 'email', 'notifications', 'accessKeys'] as const;
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
    signIn: <SignInIdentitiesSection />,
    email: <EmailSection />,
    notifications: <NotificationSettingsSection />,
    accessKeys: <AccessKeysSection />,
  };
  // One page header in every area: the title and a line of context above the card (issue 18 §20).
  return (
    <PageFrame title={t('user.title')} description={t('user.subtitle')}>
      <Card>
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
    </PageFrame>
  );
}

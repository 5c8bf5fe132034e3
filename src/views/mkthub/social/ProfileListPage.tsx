import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/PageFrame';
import { ProfilesCard } from './ProfilesCard';

/** /setting/profile_list: the social accounts (spec 000 §2), connected and error ones. */
export default function ProfileListPage() {
  const { t } = useTranslation('mkthub');
  return (
    <PageFrame title={t('titles.socialProfiles')}>
      <ProfilesCard />
    </PageFrame>
  );
}

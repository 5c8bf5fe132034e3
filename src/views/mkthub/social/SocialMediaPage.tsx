import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/PageFrame';
import { PostsCard } from './PostsCard';
import { ProfilesCard } from './ProfilesCard';

/** /mkthub/socialMedialist: the connected accounts and the posts to them. */
export default function SocialMediaPage() {
  const { t } = useTranslation('mkthub');
  return (
    <PageFrame title={t('titles.socialMedia')}>
      <div className="flex flex-col gap-6">
        <ProfilesCard />
        <PostsCard />
      </div>
    </PageFrame>
  );
}

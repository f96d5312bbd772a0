import { PageHeader } from '@/components/layout/page-header';
import { paths, routeMeta } from '@/config/paths';
import { NotificationsSection } from '@/features/notifications/components/notifications-section';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useSignedInUser } from '@/lib/auth';

export function ProfileRoute() {
  useDocumentMeta(routeMeta(paths.profile));
  const user = useSignedInUser();
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={paths.profile.title} description="Manage how your name appears in your pools." />
      <ProfileForm user={user} />
      <NotificationsSection />
    </div>
  );
}

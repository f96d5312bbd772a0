import { PageHeader } from '../../components/layout/page-header';
import { documentTitle, paths } from '../../config/paths';
import { ProfileForm } from '../../features/profile/components/profile-form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSignedInUser } from '../../lib/auth';

export function ProfileRoute() {
  useDocumentTitle(documentTitle(paths.profile.title));
  const user = useSignedInUser();
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title={paths.profile.title} description="Manage how your name appears in your pools." />
      <ProfileForm user={user} />
    </div>
  );
}

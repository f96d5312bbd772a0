import { useParams } from 'react-router-dom';
import { PageContainer } from '@/components/layout/app-shell';
import { paths, routeMeta } from '@/config/paths';
import { JoinPage } from '@/features/join/components/join-page';
import { useDocumentMeta } from '@/hooks/use-document-meta';

/** Join page (/join/:token), open to everyone, docs/screens.md#join-page. */
export function JoinRoute() {
  useDocumentMeta(routeMeta(paths.join));
  const { token = '' } = useParams();
  return (
    <PageContainer className="flex flex-1 flex-col justify-center">
      <JoinPage key={token} token={token} />
    </PageContainer>
  );
}

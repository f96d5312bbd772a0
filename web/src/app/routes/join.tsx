import { useParams } from 'react-router-dom';
import { PageContainer } from '../../components/layout/app-shell';
import { documentTitle, paths } from '../../config/paths';
import { JoinPage } from '../../features/join/components/join-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** Join page (/join/:token), open to everyone, docs/screens.md#join-page. */
export function JoinRoute() {
  useDocumentTitle(documentTitle(paths.join.title));
  const { token = '' } = useParams();
  return (
    <PageContainer className="flex flex-1 flex-col justify-center">
      <JoinPage key={token} token={token} />
    </PageContainer>
  );
}

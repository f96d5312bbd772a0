import { useEffect } from 'react';
import type { DocumentMeta } from '@/config/paths';

/**
 * Sets document.title and `<meta name="description">` while the calling screen is shown. Each
 * route declares both in config/paths.ts; index.html carries the landing page's pair, so the tag
 * exists before the app starts (it is created if a page was served without it).
 */
export function useDocumentMeta({ title, description }: DocumentMeta): void {
  useEffect(() => {
    document.title = title;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}

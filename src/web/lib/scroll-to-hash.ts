import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the element named by the address's #hash into view once `ready` (its data drawn):
 * links such as «Назначить исполнителя по умолчанию» lead to one card of a long page.
 */
export function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return; // a mangled #… names nothing
    }
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash, ready]);
}

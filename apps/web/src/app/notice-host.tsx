import { lazy, Suspense } from 'react';
import { useNoticeStore } from '../lib/store/notice-store.ts';

// The modal component loads only when a notice is due: most visits never show one.
const NoticeModal = lazy(() => import('./notice-modal.tsx').then((m) => ({ default: m.NoticeModal })));

export function NoticeHost() {
  const notice = useNoticeStore((s) => s.notice);
  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <NoticeModal notice={notice} />
    </Suspense>
  );
}

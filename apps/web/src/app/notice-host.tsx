import { lazy, Suspense } from 'react';
import { loadDeferredTexts } from '../lib/i18n/i18n.ts';
import { useNoticeStore } from '../lib/store/notice-store.ts';

// The modal component loads only when a notice is due: most visits never show one.
const NoticeModal = lazy(() =>
  Promise.all([import('./notice-modal.tsx'), loadDeferredTexts('notices')]).then(([m]) => ({
    default: m.NoticeModal,
  })),
);

export function NoticeHost() {
  const notice = useNoticeStore((s) => s.notice);
  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <NoticeModal notice={notice} />
    </Suspense>
  );
}

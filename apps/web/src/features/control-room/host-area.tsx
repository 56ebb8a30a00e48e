import { isStaffRole } from '@encore/contract';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useParams } from 'react-router';
import { useSessionStore } from '../../lib/store/session-store.ts';
import { CodesScreen } from './codes/codes-screen.tsx';
import { ShowEditor } from './editor/show-editor.tsx';
import { HostHome } from './host-home.tsx';
import { ModerateScreen } from './moderate/moderate-screen.tsx';
import { RunScreen } from './run/run-screen.tsx';
import { ShowShell } from './show-shell.tsx';
import './control-room.css';

/** The old address of a show's control room (/control/:slug) opens its Run screen. */
export function LegacyControlRedirect() {
  const { slug = '' } = useParams();
  return <Navigate to={`/host/${encodeURIComponent(slug)}/run`} replace />;
}

/**
 * The host area (/host/*): the list of shows, a new show, and each show's Setup, Codes, Run and
 * Moderate screens. Hosts (and moderators) only; the server refuses everyone else anyway.
 */
export function HostArea() {
  const { t } = useTranslation();
  const role = useSessionStore((s) => s.user?.role);
  if (!isStaffRole(role)) {
    return (
      <div className="host host--refused" data-testid="control-refused">
        <h1>{t('control-refused-title')}</h1>
        <p>{role ? t('control-refused-body') : t('control-refused-login')}</p>
        <Link className="btn btn--secondary btn--md" to="/">
          {t('control-back-home')}
        </Link>
      </div>
    );
  }
  return (
    <div className="host" data-testid="host-area">
      <Routes>
        <Route index element={<HostHome />} />
        <Route path="new" element={<ShowEditor mode="create" />} />
        <Route path=":slug" element={<ShowShell />}>
          <Route index element={<Navigate to="run" replace />} />
          <Route path="setup" element={<ShowEditor mode="edit" />} />
          <Route path="codes" element={<CodesScreen />} />
          <Route path="run" element={<RunScreen />} />
          <Route path="moderate" element={<ModerateScreen />} />
        </Route>
      </Routes>
    </div>
  );
}

import { isStaffRole } from '@encore/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSessionStore } from '../../lib/store/session-store.ts';
import { ShowEditor } from './editor/show-editor.tsx';
import { HostHome } from './host-home.tsx';
import { ModeratorHome, ModeratorRoom } from './moderation/moderator-room.tsx';
import { ShowShell } from './show-shell.tsx';
import './control-room.css';

/** The old address of a show's control room (/control/:slug) opens its Run screen. */
export function LegacyControlRedirect() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/host/${encodeURIComponent(slug)}/run`, { replace: true });
  }, [navigate, slug]);
  return null;
}

const TAB_NAMES = ['setup', 'codes', 'run', 'moderate'] as const;
export type TabName = (typeof TAB_NAMES)[number];

/**
 * The area's own small router over the rest of the path (/host/*), rather than nested routes: the
 * router's outlet and nav-link helpers would otherwise move into the landing's entry chunk.
 */
function HostRoutes() {
  const rest = useParams()['*'] ?? '';
  const [first, second] = rest.split('/').filter(Boolean);
  if (!first) return <HostHome />;
  if (first === 'new' && !second) return <ShowEditor mode="create" />;
  const tab = TAB_NAMES.find((n) => n === second) ?? 'run';
  return <ShowShell slug={first} tab={tab} />;
}

/**
 * The host area (/host/*): the list of shows, a new show, and each show's Setup, Codes, Run and
 * Moderate screens. Hosts (and moderators) only; the server refuses everyone else anyway.
 */
export function HostArea() {
  const { t } = useTranslation();
  const role = useSessionStore((s) => s.user?.role);
  const slug = (useParams()['*'] ?? '').split('/').filter(Boolean)[0];
  // A moderator is a fan account appointed per show: the area lists the shows they moderate, and a
  // show's address opens its moderation panels.
  if (role === 'fan') return slug ? <ModeratorRoom slug={slug} /> : <ModeratorHome />;
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
      <HostRoutes />
    </div>
  );
}

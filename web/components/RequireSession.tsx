import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../lib/paths';
import { useDrawingHtml } from '../lib/hydration';
import { useUserInfo } from '../lib/session';

/** Pages for logged-in users send a visitor without a stored session to /login (SPEC.md section 6). */
export function RequireSession({ children, allow }: { children: ReactNode; allow?: 'admin' | 'staff' }) {
  const user = useUserInfo();
  const here = useLocation();
  // drawn at build time or hydrated from that HTML (docs/decisions/116): the stored session is not known there, so
  // the screen's frame is drawn; the check runs once hydration is over
  if (useDrawingHtml()) return <>{children}</>;
  // after logging in, the visitor comes back here (docs/decisions/103)
  const next = encodeURIComponent(here.pathname + here.search + here.hash);
  if (!user) return <Navigate to={`${paths.login}?next=${next}`} replace />;
  if (allow === 'admin' && !user.admin) return <Navigate to={paths.login} replace />;
  if (allow === 'staff' && !user.admin && !user.volunteer) return <Navigate to={paths.login} replace />;
  return <>{children}</>;
}

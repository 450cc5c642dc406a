import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import association from '../../content/association.json';
import { paths } from '../../lib/paths';
import { api, isMembershipLive } from '../../lib/api-client';
import { t } from '../../../core/i18n';
import { clearAll, readUserInfo, updateUserInfo, useUserInfo } from '../../lib/session';
import { LanguageSwitch } from './LanguageSwitch';

/**
 * The bar is opaque as soon as anything scrolls under it, on short pages too (docs/decisions/161; SPEC.md's
 * 400 px let text run under the logo).
 */
export const NAV_OPAQUE_AFTER_PX = 0;

type Flag = { available: boolean };

export function Nav() {
  const user = useUserInfo();
  const navigate = useNavigate();
  const location = useLocation();
  const [scrolled, setScrolled] = useState(false);
  // The menu is open on the route it was opened on: a new route closes it, decided while drawing (an effect on the
  // route also ran once the page was first drawn, and closed a menu tapped open between React taking the page over
  // and its effects running: a tap a busy phone lost, docs/decisions/278).
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > NAV_OPAQUE_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // With a session, the flags are fetched at navigation load (SPEC.md section 4). The stored user info
  // carries the last answer (the login answer has both flags), so the button is drawn in place on the
  // first paint instead of appearing later and pushing the page down.
  const session = user?.session;
  const membershipLive = !!user?.membershipLive;
  useEffect(() => {
    if (!session) return;
    let live = true;
    // both flags are stored in the user info (SPEC.md: the daily-pass flag is stored)
    const keep = (key: 'membershipLive' | 'dailyPassLive') => (f: Flag) => {
      const info = readUserInfo();
      if (live && info?.session === session && info[key] !== f.available) updateUserInfo({ [key]: f.available });
    };
    isMembershipLive()
      .then(keep('membershipLive'))
      .catch(() => {});
    api('isDailyPassLive')
      .then(keep('dailyPassLive'))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [session]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (menuRef.current && !menuRef.current.contains(e.target as Node)) setOpenOn(null);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpenOn(null);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  async function logout() {
    try {
      await api('logout');
    } catch {
      // offline or already expired: the local session is cleared all the same
    }
    clearAll();
    navigate(paths.login);
  }

  const staff = !!user && (user.admin || user.volunteer);
  const logoutIcon = (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        fill="currentColor"
        d="M10 17l1.4-1.4L8.8 13H20v-2H8.8l2.6-2.6L10 7l-5 5 5 5zM4 5h8V3H4a2 2 0 00-2 2v14a2 2 0 002 2h8v-2H4V5z"
      />
    </svg>
  );
  // On a phone (docs/decisions/102) the bar is one row: brand, Coupons | Offering, Menu. The other actions
  // (Membership / Sponsorship, Create Account, Logout) move into the menu, which opens as a sheet inside the
  // screen; from 601 px they stand in the bar as before.
  return (
    <header className={`nav ${scrolled ? 'nav-opaque' : 'nav-transparent'}`}>
      <nav className="nav-inner" aria-label={t('nav.main')}>
        <Link to={paths.home} className="brand">
          {association.shortName}
        </Link>
        <div className="nav-actions">
          <LanguageSwitch className="btn btn-ghost nav-wide lang-switch" sync />
          <div className="menu" ref={menuRef}>
            <button
              type="button"
              className="btn btn-ghost menu-button"
              aria-haspopup="true"
              aria-expanded={open}
              onClick={() => setOpenOn(open ? null : location.pathname)}
            >
              <span className="menu-burger" aria-hidden="true" />
              {t('nav.menu')}
            </button>
            {open && (
              <ul className="menu-list">
                <li className="menu-narrow">
                  <LanguageSwitch className="menu-lang" />
                </li>
                {user && membershipLive && (
                  <li className="menu-narrow">
                    <Link to={paths.membership} className="btn btn-primary">
                      {t('nav.membership')}
                    </Link>
                  </li>
                )}
                {!user && (
                  <li className="menu-narrow">
                    <Link to={paths.signup} className="btn btn-primary">
                      {t('nav.createAccount')}
                    </Link>
                  </li>
                )}
                {user?.admin && (
                  <li>
                    <Link to={paths.admin}>{t('nav.admin')}</Link>
                  </li>
                )}
                {staff && (
                  <li>
                    <Link to={paths.venue}>{t('nav.venue')}</Link>
                  </li>
                )}
                <li>
                  <Link to={paths.home}>{t('nav.home')}</Link>
                </li>
                {!user && (
                  <li>
                    <Link to={paths.login}>{t('nav.login')}</Link>
                  </li>
                )}
                {user && (
                  <li>
                    <Link to={paths.profile}>{t('nav.profile')}</Link>
                  </li>
                )}
                <li>
                  <Link to={paths.tnc}>{t('nav.tnc')}</Link>
                </li>
                <li>
                  <Link to={paths.responsibility}>{t('nav.responsibility')}</Link>
                </li>
                {user && (
                  <li className="menu-narrow">
                    <button type="button" className="menu-logout" onClick={logout}>
                      {logoutIcon}
                      {t('nav.logout')}
                    </button>
                  </li>
                )}
              </ul>
            )}
          </div>
          <Link to={paths.dmPass} className="btn btn-accent">
            {t('nav.coupons')}
          </Link>
          {!user && (
            <Link to={paths.signup} className="btn btn-primary nav-wide">
              {t('nav.createAccount')}
            </Link>
          )}
          {user && membershipLive && (
            <Link to={paths.membership} className="btn btn-primary nav-wide">
              {t('nav.membership')}
            </Link>
          )}
          {user && (
            <button type="button" className="btn btn-ghost nav-wide nav-logout" onClick={logout}>
              {logoutIcon}
              {t('nav.logout')}
            </button>
          )}
        </div>
      </nav>
    </header>
  );
}

import { type ComponentType, isValidElement, lazy as reactLazy, Suspense, type ReactNode } from 'react';
import { matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router-dom';
import { t } from '../../core/i18n';
import { Layout } from '../components/layout/Layout';
import { RequireSession } from '../components/RequireSession';
import { paths } from '../lib/paths';

type Screen = { default: ComponentType };
const factories = new Map<unknown, () => Promise<Screen>>();
const loaded = new Map<() => Promise<Screen>, Screen>();

/**
 * React's lazy(), with one difference: a screen whose chunk was already loaded (preloadScreen) is there at once,
 * so that React hydrates a prerendered page in one pass instead of leaving its screen as dead HTML until the
 * chunk's promise settles (a tap in between was lost, docs/decisions/116).
 */
function lazy(factory: () => Promise<Screen>) {
  const component = reactLazy(() => {
    const screen = loaded.get(factory);
    // a thenable that answers at once: React.lazy reads it before rendering goes on
    // biome-ignore lint/suspicious/noThenProperty: React.lazy takes a thenable; this one settles synchronously
    if (screen) return { then: (done: (s: Screen) => void) => done(screen) } as unknown as Promise<Screen>;
    return factory().then((s) => {
      loaded.set(factory, s);
      return s;
    });
  });
  factories.set(component, factory);
  return component;
}

// Each screen is its own chunk so a route loads only what it shows.
const HomePage = lazy(() => import('./public/HomePage').then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('../features/auth/SignupPage').then((m) => ({ default: m.SignupPage })));
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ChangePasswordPage = lazy(() =>
  import('../features/auth/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import('../features/auth/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })),
);
const ProfilePage = lazy(() => import('../features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const MyDataPage = lazy(() => import('../features/profile/MyDataPage').then((m) => ({ default: m.MyDataPage })));
const AdminPage = lazy(() => import('./admin/AdminPage').then((m) => ({ default: m.AdminPage })));
const VenuePage = lazy(() => import('./venue/VenuePage').then((m) => ({ default: m.VenuePage })));
// Choosing contributions
const MembershipPage = lazy(() =>
  import('../features/contribute/MembershipPage').then((m) => ({ default: m.MembershipPage })),
);
const SponsorshipPage = lazy(() =>
  import('../features/contribute/SponsorshipPage').then((m) => ({ default: m.SponsorshipPage })),
);
const DailyPassPage = lazy(() =>
  import('../features/contribute/DailyPassPage').then((m) => ({ default: m.DailyPassPage })),
);
// Checkout
const SummaryPage = lazy(() => import('../features/checkout/CheckoutPage').then((m) => ({ default: m.SummaryPage })));
const DpSummaryPage = lazy(() =>
  import('../features/checkout/CheckoutPage').then((m) => ({ default: m.DpSummaryPage })),
);
// Public site pages
const ResponsibilityPage = lazy(() =>
  import('./public/ResponsibilityPage').then((m) => ({ default: m.ResponsibilityPage })),
);
const TncPage = lazy(() => import('./public/TncPage').then((m) => ({ default: m.TncPage })));
const SponsorsPage = lazy(() => import('./public/SponsorsPage').then((m) => ({ default: m.SponsorsPage })));
const MagazinePage = lazy(() => import('./public/MagazinePage').then((m) => ({ default: m.MagazinePage })));
const Year2023Page = lazy(() => import('./public/PresentationsPage').then((m) => ({ default: m.Year2023Page })));
const UnsubscribePage = lazy(() =>
  import('../features/renewals/UnsubscribePage').then((m) => ({ default: m.UnsubscribePage })),
);
// Receipts: their own chunk, loaded only with the route
const ReceiptPage = lazy(() => import('../features/receipts/ReceiptPage').then((m) => ({ default: m.ReceiptPage })));
const CorporatePage = lazy(() => import('./public/PresentationsPage').then((m) => ({ default: m.CorporatePage })));

const page = (node: ReactNode) => (
  <Suspense fallback={<p className="loading">{t('layout.loading')}</p>}>{node}</Suspense>
);
const member = (node: ReactNode) => page(<RequireSession>{node}</RequireSession>);

// Declarative routing (useRoutes), not a data router: the data router's code (loaders, actions, fetchers) is
// 17 kB of gzip every first load paid for and nothing used (docs/decisions/112).
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Navigate to={paths.home} replace /> },
      { path: paths.home, element: page(<HomePage />) },
      { path: paths.login, element: page(<LoginPage />) },
      { path: paths.signup, element: page(<SignupPage />) },
      { path: paths.forgot, element: page(<ForgotPasswordPage />) },
      { path: paths.change, element: page(<ChangePasswordPage />) },
      { path: paths.verifyEmail, element: page(<VerifyEmailPage />) },
      { path: paths.unsubscribe, element: page(<UnsubscribePage />) },
      { path: paths.profile, element: member(<ProfilePage />) },
      // a member's with a session; a walk-in's by its link's key (the page asks for the session itself)
      { path: paths.receipt, element: page(<ReceiptPage />) },
      { path: paths.myData, element: member(<MyDataPage />) },
      {
        path: paths.admin,
        element: page(
          <RequireSession allow="staff">
            <AdminPage />
          </RequireSession>,
        ),
      },
      {
        path: paths.venue,
        element: page(
          <RequireSession allow="staff">
            <VenuePage />
          </RequireSession>,
        ),
      },
      { path: paths.membership, element: member(<MembershipPage />) },
      { path: paths.sponsorship, element: member(<SponsorshipPage />) },
      { path: paths.dmPass, element: page(<DailyPassPage />) },
      { path: paths.summary, element: member(<SummaryPage />) },
      { path: paths.dpSummary, element: member(<DpSummaryPage />) },
      { path: paths.cart, element: <Navigate to={paths.summary} replace /> },
      // SPEC.md spells the pass page /dmPasss in one place; DECISIONS.md settles it as /dmPass.
      { path: '/dmPasss', element: <Navigate to={paths.dmPass} replace /> },
      { path: paths.responsibility, element: page(<ResponsibilityPage />) },
      { path: paths.tnc, element: page(<TncPage />) },
      { path: paths.sponsors, element: page(<SponsorsPage />) },
      { path: paths.magazine, element: page(<MagazinePage />) },
      { path: paths.year2023, element: page(<Year2023Page />) },
      { path: paths.corporate, element: page(<CorporatePage />) },
      // Unknown paths show the home page (DECISIONS.md, Screens).
      { path: '*', element: page(<HomePage />) },
    ],
  },
];

/** The lazy screen inside a route's element (a Suspense, a RequireSession around it). */
function screenOf(node: ReactNode): (() => Promise<Screen>) | undefined {
  if (!isValidElement(node)) return undefined;
  return factories.get(node.type) ?? screenOf((node.props as { children?: ReactNode }).children);
}

/** Loads the screen of `pathname` before a prerendered page is hydrated (web/main.tsx). */
export async function preloadScreen(pathname: string): Promise<void> {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const factory = match && screenOf(match.route.element);
  if (factory && !loaded.has(factory)) loaded.set(factory, await factory());
}

/** The app's screens for the current location (inside a BrowserRouter, or a StaticRouter when prerendering). */
export function AppRoutes() {
  return useRoutes(routes);
}

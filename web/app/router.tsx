import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { Layout } from '../components/layout/Layout';
import { RequireSession } from '../components/RequireSession';
import { paths } from './paths';

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

const page = (node: ReactNode) => <Suspense fallback={<p className="loading">Loading…</p>}>{node}</Suspense>;
const member = (node: ReactNode) => page(<RequireSession>{node}</RequireSession>);

export const router = createBrowserRouter([
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
      { path: paths.profile, element: member(<ProfilePage />) },
      // Unknown paths show the home page (DECISIONS.md, Screens).
      { path: '*', element: page(<HomePage />) },
    ],
  },
]);

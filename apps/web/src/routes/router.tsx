import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PublicShell, SignInLink } from '../components/PublicShell';
import { LandingPage } from '../features/landing/LandingPage';
import { UI } from '../lib/glossary';
import { useIsLoggedIn } from '../state/session';
import { loadAppLayout, loadDeskPages } from './app-chunks';
import { PublicOnly, RequireLogin } from './guards';
import { lazyPage } from './lazy';
import { RootLayout, RouteError } from './RootLayout';

// Only the landing page is in the main bundle; every other page loads when it is first visited.
const LoginPage = lazyPage(() => import('../features/auth/LoginPage').then((m) => m.LoginPage));
const SignOutPage = lazyPage(() => import('../features/auth/SignOutPage').then((m) => m.SignOutPage));
const SignupPage = lazyPage(() => import('../features/signup/SignupPage').then((m) => m.SignupPage));
const ForgotPasswordPage = lazyPage(() =>
  import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('../features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage),
);
const VerifyEmailPage = lazyPage(() =>
  import('../features/auth/VerifyEmailPage').then((m) => m.VerifyEmailPage),
);
const PrivacyPage = lazyPage(() => import('../features/privacy/PrivacyPage').then((m) => m.PrivacyPage));
const NotFoundPage = lazyPage(() => import('../features/not-found/NotFoundPage').then((m) => m.NotFoundPage));

const AppLayout = lazyPage(() => loadAppLayout().then((m) => m.AppLayout));
const MySourcePage = lazyPage(() => import('../features/sources/MySourcePage').then((m) => m.MySourcePage));
const DeskLayout = lazyPage(() => loadDeskPages().then((m) => m.DeskLayout));
const DeskSection = lazyPage(() => loadDeskPages().then((m) => m.DeskSection));
const FolderPage = lazyPage(() => loadDeskPages().then((m) => m.FolderPage));
const SearchPage = lazyPage(() => import('../features/search/SearchPage').then((m) => m.SearchPage));
const TrashPage = lazyPage(() => import('../features/desk/trash/TrashPage').then((m) => m.TrashPage));
const MyWorkspacePage = lazyPage(() =>
  import('../features/workspace/WorkspacePages').then((m) => m.MyWorkspacePage),
);
const ComingSoonPage = lazyPage(() =>
  import('../features/workspace/WorkspacePages').then((m) => m.ComingSoonPage),
);
const SettingsLayout = lazyPage(() =>
  import('../features/settings/SettingsLayout').then((m) => m.SettingsLayout),
);
const AccountForm = lazyPage(() => import('../features/settings/AccountForm').then((m) => m.AccountForm));
const SourcesSettings = lazyPage(() =>
  import('../features/settings/SettingsPages').then((m) => m.SourcesSettings),
);
const PermissionsSettings = lazyPage(() =>
  import('../features/settings/SettingsPages').then((m) => m.PermissionsSettings),
);
const TeamSettings = lazyPage(() => import('../features/settings/SettingsPages').then((m) => m.TeamSettings));
const ProfileLayout = lazyPage(() => import('../features/profile/ProfilePages').then((m) => m.ProfileLayout));
const ProfileOverview = lazyPage(() =>
  import('../features/profile/ProfilePages').then((m) => m.ProfileOverview),
);
const NotificationsPage = lazyPage(() =>
  import('../features/profile/ProfilePages').then((m) => m.NotificationsPage),
);
const UserManagementPage = lazyPage(() =>
  import('../features/profile/ProfilePages').then((m) => m.UserManagementPage),
);
const AccountsPage = lazyPage(() => import('../features/profile/ProfilePages').then((m) => m.AccountsPage));
const SharePage = lazyPage(() => import('../features/share/SharePage').then((m) => m.SharePage));
const HelpPage = lazyPage(() => import('../features/profile/ProfilePages').then((m) => m.HelpPage));

function NotFoundFrame() {
  return useIsLoggedIn() ? (
    <AppLayout />
  ) : (
    <PublicShell aside={<SignInLink />}>
      <Outlet />
    </PublicShell>
  );
}

const route = (path: string, element: ReactNode, children?: RouteObject[]): RouteObject => ({
  path,
  element,
  children,
});
const index = (element: ReactNode): RouteObject => ({ index: true, element });

/** The route table of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      index(<LandingPage />),
      route('courses', <Navigate to="/#why" replace />),
      route('about', <Navigate to="/#about" replace />),
      route('contact', <Navigate to="/#contact" replace />),
      {
        element: <PublicOnly />,
        children: [
          route('login', <LoginPage />),
          route('signup', <SignupPage />),
          route('signup-org', <SignupPage />),
        ],
      },
      // Opened from mail, signed in or not.
      route('forgot-password', <ForgotPasswordPage />),
      route('reset-password', <ResetPasswordPage />),
      route('verify-email', <VerifyEmailPage />),
      route('privacy', <PrivacyPage />),
      route('signout', <SignOutPage />),
      {
        element: <RequireLogin />,
        children: [
          {
            element: <AppLayout />,
            children: [
              route('my-source', <MySourcePage />),
              route('my-desk', <DeskLayout />, [
                index(<DeskSection section="all" />),
                route('my-content', <DeskSection section="all" />),
                route('my-content/:folderId', <FolderPage />),
                route('drive', <DeskSection section="drive" />),
                route('whatsApp', <DeskSection section="whatsApp" />),
                route('mail', <DeskSection section="mail" />),
                route('calender', <DeskSection section="calender" />),
                route('extension', <DeskSection section="extension" />),
                route('gallery', <DeskSection section="gallery" />),
                route('dropBox', <DeskSection section="dropBox" />),
                route('search', <SearchPage />),
              ]),
              route('my-workspace', <MyWorkspacePage />),
              // "Share → Easio" (the manifest's share target, through the service worker).
              route('share', <SharePage />),
              route('trash', <TrashPage />),
              route('shared-workspace', <ComingSoonPage title={UI.sharedWorkspace} />),
              route('team-desk', <ComingSoonPage title="Team Desk" />),
              route('team-content', <ComingSoonPage title="Team Content" />),
              route('settings', <SettingsLayout />, [
                index(<AccountForm />),
                route('sources', <SourcesSettings />),
                route('permissions', <PermissionsSettings />),
                route('team', <TeamSettings />),
              ]),
              route('profile', <ProfileLayout />, [
                index(<ProfileOverview />),
                route('notification', <NotificationsPage />),
                route('userManagement', <UserManagementPage />),
                route('accounts', <AccountsPage />),
                route('help', <HelpPage />),
              ]),
            ],
          },
        ],
      },
      // A signed-in person who follows a dead link stays in the app (its sidebar and bar around the 404).
      { element: <NotFoundFrame />, children: [route('*', <NotFoundPage />)] },
    ],
  },
];

export const router = createBrowserRouter(routes);

import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { HOME_PATH, loginPathFor, safeNextPath } from '../lib/next-path';
import { sessionEndedByUser, useIsLoggedIn } from '../state/session';

/**
 * Protected pages: a visitor who is not logged in goes to /login, which brings them back here after
 * (unless they have just signed out or deleted their account themselves).
 */
export function RequireLogin() {
  const loggedIn = useIsLoggedIn();
  const { pathname, search, hash } = useLocation();
  if (loggedIn) return <Outlet />;
  const login = sessionEndedByUser() ? '/login' : loginPathFor(`${pathname}${search}${hash}`);
  return <Navigate to={login} replace />;
}

/**
 * Login and signup: a logged-in user goes into the app (to the login's `?next=` page, else /my-desk),
 * whatever a wizard left in local storage. The wizard runs signed out (its session waits under
 * `tempUser` until Finish), so none of its steps needs this page while someone is signed in.
 */
export function PublicOnly() {
  const loggedIn = useIsLoggedIn();
  const [params] = useSearchParams();
  if (loggedIn) return <Navigate to={safeNextPath(params.get('next')) ?? HOME_PATH} replace />;
  return <Outlet />;
}

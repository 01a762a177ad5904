import { Navigate, Outlet } from 'react-router';
import { useIsLoggedIn } from '../state/session';
import { isWizardInProgress } from '../state/wizard';

/** Protected pages: a visitor who is not logged in goes to /login. */
export function RequireLogin() {
  return useIsLoggedIn() ? <Outlet /> : <Navigate to="/login" replace />;
}

/**
 * Login and signup: a logged-in user goes to /my-desk, except on the signup pages while the wizard is
 * under way (its later steps run before the visitor counts as logged in, and after a Google redirect).
 */
export function PublicOnly({ wizard = false }: { wizard?: boolean }) {
  const loggedIn = useIsLoggedIn();
  if (loggedIn && !(wizard && isWizardInProgress())) return <Navigate to="/my-desk" replace />;
  return <Outlet />;
}

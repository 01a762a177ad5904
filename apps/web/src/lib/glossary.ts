/**
 * The names the app gives its places and things, written once so every screen says them the same way
 * (the spec's mixed spellings, "My Source"/"My Sources", "DropBox", "Log In", are not used).
 */
export const UI = {
  mySources: 'My Sources',
  myDesk: 'My Desk',
  myWorkspace: 'My Workspace',
  trash: 'Trash',
  sharedWorkspace: 'Shared Workspace',
  teamDesk: 'Team Desk',
  teamContent: 'Team Content',
  settings: 'Settings',
  username: 'Username',
  email: 'E-mail',
  dropbox: 'Dropbox',
  signIn: 'Sign in',
  signInWithGoogle: 'Sign in with Google',
  signUpWithGoogle: 'Sign up with Google',
} as const;

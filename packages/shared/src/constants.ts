/** Where an item came from. `easio` is what the user makes in the product itself. */
export const SOURCES = ['easio', 'gdrive', 'dropbox', 'whatsapp', 'mail', 'calendar', 'gallery'] as const;
export type Source = (typeof SOURCES)[number];

/** Every kind of object on the desk tree, folders included. */
export const DATA_TYPES = [
  'root_object',
  'drawer_object',
  'binder_object',
  'file_object',
  'note_object',
  'url_object',
  'url_note_object',
  'location_object',
  'email_object',
  'event_object',
] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** The kinds of item that are a web address, and get a preview. */
export const LINK_TYPES: ReadonlySet<DataType> = new Set<DataType>(['url_object', 'url_note_object']);

/** The item kinds the search filter of the spec offers. */
export const SEARCHABLE_OBJECT_TYPES = [
  'url_object',
  'file_object',
  'note_object',
  'url_note_object',
  'location_object',
] as const;

export const BINDER_STATES = ['wip', 'archive', 'vault'] as const;
export type BinderState = (typeof BINDER_STATES)[number];

/** Services offered in step 2 of the signup wizard. */
export const SIGNUP_SERVICES = [
  'google_service',
  'dropbox_service',
  'extension_service',
  'whatsapp_service',
] as const;
export type SignupService = (typeof SIGNUP_SERVICES)[number];

export const GENDERS = ['male', 'female', ''] as const;
export type Gender = (typeof GENDERS)[number];

/** Local storage keys the spec names (section 3). */
export const STORAGE_KEYS = {
  user: 'user',
  info: 'info',
  tempUser: 'tempUser',
  googleToken: 'googleToken',
  userData: 'userData',
  activeStep: 'activeStep',
  validationStep: 'validationStep',
  service: 'service',
} as const;

/** How long toasts stay open, in milliseconds (spec section 9). */
export const TOAST_MS = { topBar: 2000, login: 5000, signup: 1000 } as const;

export const SIGNUP_STEPS = ['Register', 'Create Profile', 'Link Accounts', 'SetupFiles'] as const;

export const GENERIC_ERROR = 'Sorry, Something went wrong';

import { z } from 'zod';
import { NAME_MAX, NOTE_MAX, URL_MAX } from './desk.js';

/** What an API token may do: save to the desk, and list the drawers and binders to save into. */
export const API_TOKEN_SCOPES = ['save', 'folders'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_SCOPE_LABEL: Record<ApiTokenScope, string> = {
  save: 'Save pages, notes and places to your desk',
  folders: 'See the names of your drawers and binders',
};

export const createApiTokenSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name the token (e.g. the browser it is for)').max(100, 'Name is too long'),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES))
    .min(1, 'Choose what the token may do')
    .max(API_TOKEN_SCOPES.length),
});

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Its first characters, to tell tokens apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
/** The token itself is shown once, when it is made. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'Only web pages (http and https) can be saved' })
  .max(URL_MAX, 'Address is too long');
const title = z.string().trim().max(NAME_MAX).optional();
const common = {
  /** Chosen by the extension for each save, so a save sent again (after being offline) is stored once. */
  client_id: z.uuid(),
  /** A drawer or binder; absent or null: the desk, where the recommendations pick it up. */
  parent_id: z.uuid().nullable().optional(),
};

/** `POST /api/extension/items`: what the extension saves. */
export const extensionSaveSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('page'),
    ...common,
    url: httpUrl,
    title,
    description: z.string().trim().max(2000).optional(),
    favicon_url: z.string().max(URL_MAX).optional(),
  }),
  z.strictObject({
    kind: z.literal('selection'),
    ...common,
    url: httpUrl,
    title,
    text: z.string().trim().min(1, 'Select some text first').max(NOTE_MAX, 'The selection is too long'),
  }),
  z.strictObject({
    kind: z.literal('note'),
    ...common,
    title,
    text: z.string().trim().min(1, 'Write the note first').max(NOTE_MAX, 'Note is too long'),
  }),
  z.strictObject({
    kind: z.literal('location'),
    ...common,
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    accuracy: z.number().min(0).max(1_000_000).optional(),
    label: title,
  }),
]);
export type ExtensionSave = z.input<typeof extensionSaveSchema>;

export const extensionSavedSchema = z.object({
  id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  /** False when this save had been received before (sent again after being offline). */
  created: z.boolean(),
  /**
   * True when the drawer or binder it was sent to is gone (or not yours): it went to the desk instead,
   * where the recommendations pick it up. Absent from servers older than this field.
   */
  folder_missing: z.boolean().optional(),
});
export type ExtensionSaved = z.infer<typeof extensionSavedSchema>;

export const extensionFolderListSchema = z.object({
  folders: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      data_type: z.enum(['drawer_object', 'binder_object']),
      /** "Drawer › Binder", for the choice. */
      path: z.string(),
    }),
  ),
});

export const extensionMeSchema = z.object({
  username: z.string(),
  email: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
});

import { z } from 'zod';
import { recommendationSchema } from './recommendations.js';
import { phoneNumberRule, regionRule } from './rules.js';

/** Where GraphQL lives: HTTP for queries and mutations, WebSocket (graphql-ws protocol) for subscriptions. */
export const GRAPHQL_PATH = '/v1/graphql';

/** The user info fields, as GraphQL selects them (spec section 3). */
const USER_FIELDS = `id username first_name last_name email gender dob picture region phone_number
  whatsapp_active dropbox_active gdrive_active gmail_active onboarding_completed root_folder google_only
  email_verified`;

/** The signed-in user's info, live (spec section 7: the users query). */
export const USER_SUBSCRIPTION = `subscription User($id: uuid!) {
  users(where: {id: {_eq: $id}}) { ${USER_FIELDS} }
}`;

/** The user's open recommendations, newest first, live (spec section 7). */
export const RECOMMENDATIONS_SUBSCRIPTION = `subscription Recommendations($id: uuid!) {
  recommendations_view(where: {user_id: {_eq: $id}}, order_by: {id: desc}) {
    id user_id object_count object_ids drawer_name_options binder_name_options tags ignored
  }
}`;

/** The progress of the user's source syncs, live (each page of an import is an update). */
export const SOURCES_SUBSCRIPTION = `subscription Sources($id: uuid!) {
  source_connections(where: {user_id: {_eq: $id}}) {
    service state seen imported skipped failed removed last_sync_at last_error
  }
}`;

export const liveSourceConnectionSchema = z.object({
  service: z.string(),
  state: z.string(),
  seen: z.number().int(),
  imported: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  removed: z.number().int(),
  last_sync_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type LiveSourceConnection = z.infer<typeof liveSourceConnectionSchema>;

/** Saving the WhatsApp number (spec section 7). */
export const SAVE_WHATSAPP_MUTATION = `mutation SaveWhatsapp($id: uuid!, $phone_number: String!, $region: String!) {
  update_users_by_pk(pk_columns: {id: $id}, _set: {phone_number: $phone_number, whatsapp_active: true, region: $region}) {
    ${USER_FIELDS}
  }
}`;

/** Turning WhatsApp off for the account (the number is kept, so turning it on again is one step). */
export const DISCONNECT_WHATSAPP_MUTATION = `mutation DisconnectWhatsapp($id: uuid!) {
  update_users_by_pk(pk_columns: {id: $id}, _set: {whatsapp_active: false}) {
    ${USER_FIELDS}
  }
}`;

/** A row of `recommendations_view` (the open ones: `ignored` false): spec section 3's fields and the owner. */
export const liveRecommendationSchema = recommendationSchema
  .pick({
    id: true,
    object_count: true,
    object_ids: true,
    drawer_name_options: true,
    binder_name_options: true,
    tags: true,
    ignored: true,
  })
  .extend({ user_id: z.uuid() });
export type LiveRecommendation = z.infer<typeof liveRecommendationSchema>;

/** What `update_users_by_pk` may set: the WhatsApp number, its switch and the country. */
export const userSetSchema = z.strictObject({
  phone_number: phoneNumberRule.optional(),
  whatsapp_active: z.boolean().optional(),
  region: regionRule.optional(),
});
export type UserSet = z.infer<typeof userSetSchema>;

/** Subscriptions one connection may hold at once; one more is refused. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 20;

/**
 * The close code of a live connection refused because its user already has as many open as the server
 * allows (`LIVE_CONNECTIONS_PER_USER`): WebSocket's "Try Again Later", so a client tries again later
 * (graphql-ws does, with its backoff) rather than giving up.
 */
export const LIVE_TOO_MANY_CONNECTIONS = 1013;

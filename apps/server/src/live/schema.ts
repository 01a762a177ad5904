import {
  type LiveRecommendation,
  type LiveSourceConnection,
  type UserInfo,
  userSetSchema,
} from '@easio/shared';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { sql } from 'drizzle-orm';
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import type { UserRepository } from '../auth/repository.js';
import { toUserInfo } from '../auth/user-info.js';
import { type Db, queryRows } from '../db/client.js';
import type { UserRow } from '../db/schema.js';
import type { LiveHub, LiveTopic } from './hub.js';
import { LiveQuery } from './live-query.js';

/** What every resolver knows: the user of the token (never the ids the operation names). */
export interface LiveContext {
  user: UserRow;
}

/**
 * The shapes the spec's client uses, named as a Hasura-style server names them, and nothing more:
 * an unknown field or filter is a validation error, not an empty answer.
 */
const typeDefs = /* GraphQL */ `
  scalar uuid

  input uuid_comparison_exp {
    _eq: uuid
  }
  input Boolean_comparison_exp {
    _eq: Boolean
  }
  enum order_by {
    asc
    desc
  }

  type users {
    id: uuid!
    username: String!
    first_name: String!
    last_name: String!
    email: String!
    gender: String!
    dob: String
    picture: String
    region: String
    phone_number: String
    whatsapp_active: Boolean!
    dropbox_active: Boolean!
    gdrive_active: Boolean!
    gmail_active: Boolean!
    onboarding_completed: Boolean!
    root_folder: uuid!
    google_only: Boolean!
    email_verified: Boolean!
  }
  input users_bool_exp {
    id: uuid_comparison_exp
  }
  input users_pk_columns_input {
    id: uuid!
  }
  input users_set_input {
    phone_number: String
    whatsapp_active: Boolean
    region: String
  }

  "The user's open recommendations (ignored false)."
  type recommendations_view {
    id: Int!
    user_id: uuid!
    object_count: Int!
    object_ids: [uuid!]!
    drawer_name_options: [String!]!
    binder_name_options: [String!]!
    tags: [String!]!
    ignored: Boolean!
  }
  input recommendations_view_bool_exp {
    user_id: uuid_comparison_exp
    ignored: Boolean_comparison_exp
  }
  input recommendations_view_order_by {
    id: order_by
  }

  "Each connected source and the progress of its sync (counts of the current or last one)."
  type source_connections {
    service: String!
    state: String!
    seen: Int!
    imported: Int!
    skipped: Int!
    failed: Int!
    removed: Int!
    last_sync_at: String
    last_error: String
  }
  input source_connections_bool_exp {
    user_id: uuid_comparison_exp
  }

  type query_root {
    users(where: users_bool_exp): [users!]!
    recommendations_view(
      where: recommendations_view_bool_exp
      order_by: [recommendations_view_order_by!]
    ): [recommendations_view!]!
    source_connections(where: source_connections_bool_exp): [source_connections!]!
  }
  type mutation_root {
    update_users_by_pk(pk_columns: users_pk_columns_input!, _set: users_set_input): users
  }
  type subscription_root {
    users(where: users_bool_exp): [users!]!
    recommendations_view(
      where: recommendations_view_bool_exp
      order_by: [recommendations_view_order_by!]
    ): [recommendations_view!]!
    source_connections(where: source_connections_bool_exp): [source_connections!]!
  }
  schema {
    query: query_root
    mutation: mutation_root
    subscription: subscription_root
  }
`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const uuidScalar = new GraphQLScalarType({
  name: 'uuid',
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== 'string' || !UUID.test(value)) throw new GraphQLError('Not a valid uuid');
    return value.toLowerCase();
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING || !UUID.test(ast.value)) throw new GraphQLError('Not a valid uuid');
    return ast.value.toLowerCase();
  },
});

interface Eq<T> {
  _eq?: T | null;
}
interface UsersArgs {
  where?: { id?: Eq<string> | null } | null;
}
interface SourcesArgs {
  where?: { user_id?: Eq<string> | null } | null;
}
interface RecommendationsArgs {
  where?: { user_id?: Eq<string> | null; ignored?: Eq<boolean> | null } | null;
  order_by?: { id?: 'asc' | 'desc' | null }[] | null;
}

/** Whether an `_eq` filter admits the user's own id (no filter admits it too). */
const admits = (filter: Eq<string> | null | undefined, id: string) =>
  !filter || filter._eq === undefined || filter._eq === id;

export interface LiveSchemaDeps {
  db: Db;
  users: UserRepository;
  hub: LiveHub;
}

export function createLiveSchema({ db, users, hub }: LiveSchemaDeps) {
  const loadUsers = async (user: UserRow, args: UsersArgs): Promise<UserInfo[]> => {
    if (!admits(args.where?.id, user.id)) return [];
    const row = await users.findById(user.id);
    return row ? [toUserInfo(row)] : [];
  };

  const loadRecommendations = async (
    user: UserRow,
    args: RecommendationsArgs,
  ): Promise<LiveRecommendation[]> => {
    // Only the open ones are in this view's answer: asking for ignored ones finds none.
    if (!admits(args.where?.user_id, user.id) || args.where?.ignored?._eq === true) return [];
    const ascending = args.order_by?.[0]?.id === 'asc';
    return queryRows<LiveRecommendation>(
      db,
      sql`SELECT id::int AS id, user_id, object_count, object_ids, drawer_name_options, binder_name_options,
            tags, ignored
          FROM recommendations_view
          WHERE user_id = ${user.id} AND NOT ignored
          ORDER BY id ${sql.raw(ascending ? 'ASC' : 'DESC')}`,
    );
  };

  const loadSources = async (user: UserRow, args: SourcesArgs): Promise<LiveSourceConnection[]> => {
    if (!admits(args.where?.user_id, user.id)) return [];
    return queryRows<LiveSourceConnection>(
      db,
      sql`SELECT service, state, seen, imported, skipped, failed, removed,
            to_char(last_sync_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_sync_at, last_error
          FROM source_connections WHERE owner_id = ${user.id} ORDER BY service`,
    );
  };

  /** A subscription's field: the stream's values are the field's answers. */
  const live = <A, T>(topic: LiveTopic, load: (user: UserRow, args: A) => Promise<T>) => ({
    subscribe: (_root: unknown, args: A, { user }: LiveContext) =>
      new LiveQuery(hub, topic, user.id, () => load(user, args)),
    resolve: (value: T) => value,
  });

  return makeExecutableSchema<LiveContext>({
    typeDefs,
    resolvers: {
      uuid: uuidScalar,
      query_root: {
        users: (_root: unknown, args: UsersArgs, { user }: LiveContext) => loadUsers(user, args),
        recommendations_view: (_root: unknown, args: RecommendationsArgs, { user }: LiveContext) =>
          loadRecommendations(user, args),
        source_connections: (_root: unknown, args: SourcesArgs, { user }: LiveContext) =>
          loadSources(user, args),
      },
      mutation_root: {
        update_users_by_pk: async (
          _root: unknown,
          args: { pk_columns: { id: string }; _set?: Record<string, unknown> | null },
          { user }: LiveContext,
        ): Promise<UserInfo | null> => {
          // Another user's row is not there for this token (as a permission-filtered server answers).
          if (args.pk_columns.id !== user.id) return null;
          const parsed = userSetSchema.safeParse(args._set ?? {});
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            throw new GraphQLError(issue?.message ?? 'Invalid input', {
              extensions: { code: 'validation-failed', path: issue?.path.join('.') },
            });
          }
          const { phone_number, whatsapp_active, region } = parsed.data;
          const row = await users.update(user.id, {
            ...(phone_number === undefined ? {} : { phoneNumber: phone_number }),
            ...(whatsapp_active === undefined ? {} : { whatsappActive: whatsapp_active }),
            ...(region === undefined ? {} : { region: region === '' ? null : region }),
          });
          return toUserInfo(row);
        },
      },
      subscription_root: {
        users: live('users', loadUsers),
        recommendations_view: live('recommendations', loadRecommendations),
        source_connections: live('sources', loadSources),
      },
    },
  });
}

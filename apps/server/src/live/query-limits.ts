import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  type ValidationContext,
  type ValidationRule,
  validate,
} from 'graphql';

/**
 * How much one GraphQL operation may ask for. The app's own operations use no alias, a depth of 2 and
 * a cost under 100; the limits leave room for other clients and stop floods such as thousands of
 * aliases (each a database read) in one 64 KB query, before anything runs.
 */
export const QUERY_LIMITS = { tokens: 2_000, aliases: 15, depth: 6, cost: 1_000 } as const;

/** Parses a query, refusing one of more tokens than any real operation has (so parsing stays quick). */
export function parseLimited(query: string): DocumentNode {
  return parse(query, { maxTokens: QUERY_LIMITS.tokens });
}

/** A limit passed is reported as a validation problem (the rules would throw, and call it a syntax error). */
const asProblem = {
  exposeLimits: true,
  propagateOnRejection: false,
  onReject: [
    (context: ValidationContext | null, error: GraphQLError) =>
      context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, ''))),
  ],
};

/** GraphQL's own validation, the limits above, and no introspection unless it is allowed. */
export function limitedValidator(introspection: boolean) {
  const rules: ValidationRule[] = [
    ...specifiedRules,
    maxAliasesRule({ n: QUERY_LIMITS.aliases, ...asProblem }),
    maxDepthRule({ n: QUERY_LIMITS.depth, ...asProblem }),
    costLimitRule({ maxCost: QUERY_LIMITS.cost, ...asProblem }),
    ...(introspection ? [] : [NoSchemaIntrospectionCustomRule]),
  ];
  return (schema: GraphQLSchema, document: DocumentNode) => validate(schema, document, rules);
}

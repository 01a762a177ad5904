import { GRAPHQL_PATH } from '@easio/shared';
import { z } from 'zod';
import { ApiError } from './api-error';
import { type Auth, apiRequest, type Parser } from './client';

const answerSchema = z.object({
  data: z.record(z.string(), z.unknown()).nullish(),
  errors: z.array(z.object({ message: z.string() })).nullish(),
});

/**
 * A GraphQL query or mutation over HTTP (`POST /v1/graphql`, the same bearer token as every call).
 * An answer carrying errors becomes an ApiError with the first one's message, as a refused call would.
 */
export async function graphqlRequest<T>(
  query: string,
  variables: Record<string, unknown>,
  parser: Parser<T>,
  { auth = 'session' }: { auth?: Auth } = {},
): Promise<T> {
  const answer = await apiRequest(GRAPHQL_PATH, answerSchema, {
    json: { query, variables },
    auth,
    fromOrigin: true,
  });
  const problem = answer.errors?.[0];
  if (problem) throw new ApiError(422, { detail: problem.message });
  return parser.parse(answer.data);
}

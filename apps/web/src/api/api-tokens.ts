import { apiTokenListSchema, type createApiTokenSchema, createdApiTokenSchema } from '@easio/shared';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from './client';

/** The query key of the user's API tokens; making or revoking one refreshes it. */
export const tokenKeys = { all: ['account', 'api-tokens'] as const };

const fetchTokens = (signal?: AbortSignal) =>
  apiRequest('/account/api-tokens', apiTokenListSchema, { signal });

/** `POST /account/api-tokens`: a new token, shown once. */
export const createToken = (body: z.input<typeof createApiTokenSchema>) =>
  apiRequest('/account/api-tokens', createdApiTokenSchema, { json: body });

/** `DELETE /account/api-tokens/:id`: the extension signed in with it is signed out. */
export const revokeToken = (id: string) =>
  apiRequest(`/account/api-tokens/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' });

/** The user's API tokens (the extension's sign-ins). */
export const useApiTokens = () =>
  useQuery({ queryKey: tokenKeys.all, queryFn: ({ signal }) => fetchTokens(signal) });

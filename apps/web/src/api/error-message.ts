import { GENERIC_ERROR } from '@easio/shared';

/**
 * The text of the generic failure toast (spec section 8): the server's `detail` if present, else the
 * error's message, else 'Sorry, Something went wrong'.
 */
export function errorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const detail = 'detail' in error ? error.detail : undefined;
    if (typeof detail === 'string' && detail.trim() !== '') return detail;
    const message = 'message' in error ? error.message : undefined;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  if (typeof error === 'string' && error.trim() !== '') return error;
  return GENERIC_ERROR;
}

import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';
import { isApiError } from '../../../api/api-error';

/**
 * Validates a form by the wire payload it makes, against the contract's schema: the payload's field
 * names are the form's, so each message lands under its field.
 */
export function validateAs<V>(schema: z.ZodType, toPayload: (values: V) => unknown) {
  const resolve = zod4Resolver(schema, { errorPriority: 'first' });
  return (values: V): FormErrors => resolve(toPayload(values) as Record<string, unknown>);
}

/** '' means "not given" for optional text. */
export const optional = (value: string) => (value.trim() === '' ? undefined : value);

/** Puts the server's field errors, if any, under the form's fields. */
export function showServerErrors<V extends object>(form: UseFormReturnType<V>, error: unknown) {
  if (!isApiError(error)) return;
  for (const { path, message } of error.fieldErrors) {
    if (path in form.values) form.setFieldError(path, message);
  }
}

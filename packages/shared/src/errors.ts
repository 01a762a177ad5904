import { z } from 'zod';

/** Every error answer of the API: `{detail}`, plus the field problems when the input was invalid. */
export const errorBodySchema = z.object({
  detail: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

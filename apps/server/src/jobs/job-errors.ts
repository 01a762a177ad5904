/** Anything thrown, as an Error. */
export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

function messageOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value) return value;
  if (
    typeof value === 'object' &&
    value !== null &&
    'message' in value &&
    typeof value.message === 'string'
  ) {
    return value.message;
  }
  return undefined;
}

/**
 * The error a failed job ended with, from the output pg-boss stored: the serialised Error a handler
 * threw, or `{ value: … }` for failures pg-boss made itself (time limit, shutdown).
 */
export function errorFromOutput(output: unknown): Error {
  const value = typeof output === 'object' && output !== null && 'value' in output ? output.value : undefined;
  const message = messageOf(output) ?? messageOf(value);
  if (message === 'job failed by timeout in active state') return new Error('The job ran out of time');
  return new Error(message ?? 'The job failed');
}

import { type FormEvent, useState } from 'react';
import type { z } from 'zod';

/** What a form's check says: the values to send, or the problem to show at the fields. */
export type Checked<Value, Problem> = { ok: true; value: Value } | { ok: false; problem: Problem };

export interface FormShell<Problem> {
  /** What the last submit's check found wrong; null before a submit and after one that passed. */
  problem: Problem | null;
  /** The form's `onSubmit`: no page load; the values are checked and, when they pass, sent. */
  onSubmit: (event: FormEvent) => void;
}

/**
 * The wiring the small forms share (connect a mailbox, its new password, an extension token, a calendar
 * subscription): submitting checks the values, keeps the problem for the fields, or sends them.
 */
export function useFormShell<Value, Problem = string>(
  check: () => Checked<Value, Problem>,
  send: (value: Value) => void,
): FormShell<Problem> {
  const [problem, setProblem] = useState<Problem | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check();
    if (!checked.ok) {
      setProblem(checked.problem);
      return;
    }
    setProblem(null);
    send(checked.value);
  };
  return { problem, onSubmit };
}

/** A schema's verdict on one input, its first issue's message as the problem (or `fallback`). */
export function checkWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  fallback: string,
): Checked<z.output<S>, string> {
  const parsed = schema.safeParse(input);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, problem: parsed.error.issues[0]?.message ?? fallback };
}

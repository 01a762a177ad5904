import { Alert, Text } from '@mantine/core';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { type LoginFailure, loginFailure } from './login-failure';

export interface LoginFailureState {
  current: LoginFailure | null;
  /** Counts failures, so the same message after another try is announced again. */
  attempt: number;
  /** A throttled sign-in: seconds until the Sign in button works again. */
  secondsLeft: number;
  waiting: boolean;
  passwordRef: RefObject<HTMLInputElement | null>;
  alertRef: RefObject<HTMLDivElement | null>;
  failed: (error: unknown) => void;
  /** The person typed: a wrong-password message has done its job (a throttle's wait has not). */
  edited: () => void;
}

/**
 * Why signing in failed, kept beside the form: a wrong password puts the focus back in the password
 * box (its text selected, to retype); a throttle, or a server out of reach, takes the focus to the
 * message itself. A throttle keeps Sign in off for the wait the server gave.
 */
export function useLoginFailure(): LoginFailureState {
  const [current, setCurrent] = useState<LoginFailure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const passwordRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const failed = useCallback((error: unknown) => {
    setCurrent(loginFailure(error));
    setNow(Date.now());
    setAttempt((n) => n + 1);
  }, []);
  const edited = useCallback(() => setCurrent((f) => (f?.kind === 'credentials' ? null : f)), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: after each failure, once it is shown.
  useEffect(() => {
    if (!current) return;
    if (current.kind === 'credentials') {
      passwordRef.current?.focus();
      passwordRef.current?.select();
    } else {
      alertRef.current?.focus();
    }
  }, [attempt]);

  const retryAt = current?.retryAt;
  useEffect(() => {
    if (retryAt === undefined) return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= retryAt) {
        window.clearInterval(timer);
        setCurrent(null);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [retryAt]);

  const secondsLeft = retryAt === undefined ? 0 : Math.max(0, Math.ceil((retryAt - now) / 1000));
  return {
    current,
    attempt,
    secondsLeft,
    waiting: secondsLeft > 0,
    passwordRef,
    alertRef,
    failed,
    edited,
  };
}

/**
 * The failure, announced as it appears (role="alert"); the countdown under it is not announced
 * second by second.
 */
export function LoginFailureAlert({ failure }: { failure: LoginFailureState }) {
  const { current, attempt, secondsLeft, alertRef } = failure;
  if (!current) return null;
  return (
    <Alert key={attempt} ref={alertRef} tabIndex={-1} color="red" variant="light" title="Not signed in">
      <Text size="sm">{current.message}</Text>
      {current.kind === 'throttled' && secondsLeft > 0 && (
        <Text size="xs" c="dimmed" mt={4} aria-hidden="true">
          Sign in opens again in {secondsLeft} s
        </Text>
      )}
    </Alert>
  );
}

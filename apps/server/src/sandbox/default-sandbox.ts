import { createSandbox, type Sandbox, type SandboxOptions } from './sandbox.js';

let settings: Partial<SandboxOptions> = {};
let current: Sandbox | undefined;

/** Sets the process's sandbox up (from the configuration), before its first task. */
export function configureSandbox(options: Partial<SandboxOptions>): void {
  settings = options;
}

/** The process's one sandbox for parsing files, made on first use: every caller shares its workers. */
export function processingSandbox(): Sandbox {
  current ??= createSandbox(settings);
  return current;
}

/** Ends the process's sandbox workers (at shutdown); a later task starts a new sandbox. */
export async function closeProcessingSandbox(): Promise<void> {
  const closing = current;
  current = undefined;
  await closing?.close();
}

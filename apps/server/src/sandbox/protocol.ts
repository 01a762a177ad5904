/**
 * A module of tasks a sandbox worker runs: `export const tasks = { name: async (input) => output }`.
 * Inputs and outputs cross between processes by structured clone (`serialization: 'advanced'`): plain data, strings, arrays and bytes
 * (a Buffer arrives as a Uint8Array), never functions or class instances.
 */
// biome-ignore lint/suspicious/noExplicitAny: a task's input type is its own; the table only names them.
export type TaskTable = Record<string, (input: any) => Promise<unknown>>;

/** What the server sends a worker: run `task` of the tasks at `module` on `input`. */
export interface WorkerRequest {
  id: number;
  module: string;
  task: string;
  input: unknown;
}

/** What a worker answers, with its resident memory once the task is done (the pool retires a grown worker). */
export type WorkerAnswer =
  | { id: number; ok: true; value: unknown; residentMb: number }
  | {
      id: number;
      ok: false;
      name: string;
      message: string;
      /** The task failed for memory it was refused (its data limit), whatever its parser made of that. */
      outOfMemory: boolean;
      residentMb: number;
    };

import type { TaskTable, WorkerAnswer, WorkerRequest } from './protocol.js';

/** A sandbox worker process: runs the tasks it is sent one at a time, loading each task module once. */
const modules = new Map<string, Promise<TaskTable>>();

const tasksOf = (url: string) => {
  let loading = modules.get(url);
  if (!loading) {
    loading = import(url).then((module: { tasks: TaskTable }) => module.tasks);
    modules.set(url, loading);
  }
  return loading;
};

const residentMb = () => Math.round(process.memoryUsage.rss() / (1024 * 1024));

process.on('message', async (request: WorkerRequest) => {
  let answer: WorkerAnswer;
  try {
    const run = (await tasksOf(request.module))[request.task];
    if (!run) throw new Error(`No task ${request.task} in ${request.module}`);
    answer = { id: request.id, ok: true, value: await run(request.input), residentMb: residentMb() };
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    // Parsers wrap it in their own words ("The PDF could not be read: Array buffer allocation failed").
    const outOfMemory = /allocation failed|out of memory/i.test(message);
    answer = { id: request.id, ok: false, name, message, outOfMemory, residentMb: residentMb() };
  }
  process.send?.(answer);
});
// The server went away (it stopped, or crashed): so does its worker.
process.on('disconnect', () => process.exit(0));

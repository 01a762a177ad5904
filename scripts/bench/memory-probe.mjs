// Loaded into the server by `npm run bench:memory` (`--import`, with `--expose-gc`): when the bench
// asks over the IPC channel, answers the process's memory as Node sees it, before and after a full
// garbage collection. Nothing else: the server runs as `npm start` runs it.
if (process.send) {
  process.on('message', (message) => {
    if (message?.type !== 'measure') return;
    const before = process.memoryUsage();
    globalThis.gc?.();
    // Let V8 hand freed pages back before the figures are read.
    setTimeout(() => process.send({ type: 'memory', before, after: process.memoryUsage() }), 200);
  });
  // The channel must not keep a server that is shutting down alive.
  process.channel?.unref();
}

const mb = (bytes) => Math.round(bytes / 1_048_576);

/**
 * Watches this process's RSS from now (after a garbage collection, when node runs with --expose-gc)
 * until `stop()`, which answers the figures and says them as "RSS N MB before, M MB at peak (+D MB)".
 */
export function watchRss(everyMs = 50) {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, everyMs);
  return {
    stop() {
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      return {
        before,
        peak,
        said: `RSS ${mb(before)} MB before, ${mb(peak)} MB at peak (+${mb(peak - before)} MB)`,
      };
    },
  };
}

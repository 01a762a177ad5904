// Following an import of an uploaded export (`POST /api/imports/{app}`, `POST /api/account/restore`) to
// its end, for benchmarks: the upload answers the import queued (202), `/api/imports/runs/{id}` says how
// far it is.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Uploads `bytes` as `name` to `path` with the bearer `auth`; answers `{ status, json, text }`. */
export async function uploadExport(base, auth, path, name, bytes, type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: auth, body: form });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, json, text };
}

/** Polls the import until it is no longer queued or running (or `timeoutMs` passed); answers it. */
export async function importSettled(base, auth, id, timeoutMs = 30 * 60 * 1000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${base}/api/imports/runs/${id}`, { headers: auth });
    const run = await res.json();
    if (res.ok && run.state !== 'queued' && run.state !== 'running') return run;
    if (Date.now() > until) throw new Error(`import ${id} not finished within ${timeoutMs / 1000} s`);
    await sleep(500);
  }
}

/** An upload's answer in a line: the refusal, or what the import became. */
export async function outcomeOf(base, auth, answer) {
  if (answer.status !== 202) return `${answer.status}: ${answer.json?.detail ?? answer.text.slice(0, 200)}`;
  const run = await importSettled(base, auth, answer.json.id);
  const { counts, totals } = run;
  return `202 → ${run.state}${run.error ? ` (${run.error})` : ''}: ${JSON.stringify(totals)} read, ${counts.imported} imported, ${counts.skipped} already there, ${counts.failed} could not be imported`;
}

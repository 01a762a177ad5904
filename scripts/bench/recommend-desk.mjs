// The large desk `npm run bench:recommend` times: BENCH_FILED filed items (50,000) across
// BENCH_BINDERS binders (200) and BENCH_UNFILED unfiled ones (10,000; a sixth of them on topics no
// binder has), each with a file name and a 120-word text mixing its topic's words with words from
// everywhere. Deterministic: the same desk every run.
const env = process.env;
export const FILED = Number(env.BENCH_FILED ?? 50_000);
export const UNFILED = Number(env.BENCH_UNFILED ?? 10_000);
export const BINDERS = Number(env.BENCH_BINDERS ?? 200);
const VOCABULARY = 3000;
const TOPIC_WORDS = 30;

let state = 1;
const random = () => {
  state = (state * 16_807) % 2_147_483_647;
  return state / 2_147_483_647;
};
// Made-up words (`kq3x`): the engine must not depend on knowing English.
const words = Array.from({ length: VOCABULARY }, (_, i) =>
  `${i.toString(36)}x`.replace(/[0-9]/g, (d) => 'qwrtypsdfg'[d]),
);
const topicOf = (t) => {
  const start = (t * 13) % (VOCABULARY - TOPIC_WORDS);
  return words.slice(start, start + TOPIC_WORDS);
};
const item = (id, topic) => {
  const own = topicOf(topic);
  const text = Array.from({ length: 120 }, () =>
    random() < 0.5 ? own[Math.floor(random() * TOPIC_WORDS)] : words[Math.floor(random() * VOCABULARY)],
  ).join(' ');
  return {
    id,
    kind: 'file_object',
    name: `${own[0]} ${own[1]} ${id}.pdf`,
    source: 'gdrive',
    mimeType: 'application/pdf',
    text,
  };
};

export const binders = Array.from({ length: BINDERS }, (_, i) => ({
  id: `b${i}`,
  name: `Binder ${i}`,
  drawerId: `d${i % 20}`,
  drawerName: `Drawer ${i % 20}`,
}));
export const filed = Array.from({ length: FILED }, (_, i) => ({
  ...item(`f${i}`, i % BINDERS),
  binderId: `b${i % BINDERS}`,
}));
export const unfiled = Array.from({ length: UNFILED }, (_, i) =>
  item(`u${i}`, Math.floor(random() * BINDERS * 1.2)),
);

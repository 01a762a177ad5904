// Corpus `python-docs` (long documents).
// Source: the Python standard library reference from Debian's python3.X-doc package,
//   /usr/share/doc/python3.X/html/library/*.html (the newest X installed).
// Labelling: the chapter of library/index.html each page falls under: the chapter's module pages
//   listed there, and the sub-pages their own toctrees list (asyncio-*.html under asyncio.html…).
//   Chapters with under 5 pages are left out, and so is "Superseded Modules" (it groups deprecated
//   modules of every subject: a status, not a topic).
// Shape: OUTDIR/python-docs/<drawer>/<binder>/NNNN.html, each the page's title and main body only
//   (Sphinx's breadcrumbs, sidebar and prev/next links would name the chapter and its neighbours).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { installLine } from './lib.mjs';

export const name = 'python-docs';
const MIN_CHAPTER = 5;

const CHAPTERS = {
  'text.html': { drawer: 'Data', binder: 'Text Processing' },
  'datatypes.html': { drawer: 'Data', binder: 'Data Types' },
  'numeric.html': { drawer: 'Data', binder: 'Numbers and Maths' },
  'persistence.html': { drawer: 'Data', binder: 'Persistence' },
  'archiving.html': { drawer: 'Data', binder: 'Compression and Archives' },
  'fileformats.html': { drawer: 'Data', binder: 'File Formats' },
  'filesys.html': { drawer: 'Operating System', binder: 'Files and Directories' },
  'allos.html': { drawer: 'Operating System', binder: 'OS Services' },
  'concurrency.html': { drawer: 'Operating System', binder: 'Concurrency' },
  'unix.html': { drawer: 'Operating System', binder: 'Unix' },
  'ipc.html': { drawer: 'Internet', binder: 'Networking' },
  'netdata.html': { drawer: 'Internet', binder: 'Internet Data' },
  'markup.html': { drawer: 'Internet', binder: 'Markup' },
  'internet.html': { drawer: 'Internet', binder: 'Internet Protocols' },
  'tk.html': { drawer: 'Tools', binder: 'Tk GUIs' },
  'development.html': { drawer: 'Tools', binder: 'Development Tools' },
  'debug.html': { drawer: 'Tools', binder: 'Debugging and Profiling' },
  'python.html': { drawer: 'Python Internals', binder: 'Runtime Services' },
  'modules.html': { drawer: 'Python Internals', binder: 'Importing Modules' },
  'language.html': { drawer: 'Python Internals', binder: 'Language Services' },
};
const SKIPPED = new Set(['superseded.html']);

/** The library folder of the newest python3.X-doc installed, or null. */
function libraryDir() {
  const versions = existsSync('/usr/share/doc')
    ? readdirSync('/usr/share/doc').filter((d) => /^python3\.\d+$/.test(d))
    : [];
  versions.sort((a, b) => Number(b.split('.')[1]) - Number(a.split('.')[1]));
  const found = versions
    .map((v) => `/usr/share/doc/${v}/html/library`)
    .find((dir) => existsSync(`${dir}/index.html`));
  return found ?? null;
}

export function missing() {
  return libraryDir() ? [] : [installLine(['python3-doc'])];
}

/** The local pages a page's toctree lists (anchors within a page and outside links left out). */
const toctree = (html) =>
  [...html.matchAll(/class="toctree-l(\d)"><a class="reference internal" href="([^"#]+)/g)].map((m) => ({
    level: Number(m[1]),
    page: m[2],
  }));

/** The chapters of index.html: each chapter page with the pages it holds, sub-pages followed. */
function chapters(dir) {
  const result = new Map();
  const owner = new Map();
  let chapter = null;
  for (const { level, page } of toctree(readFileSync(path.join(dir, 'index.html'), 'utf8'))) {
    if (level === 1) {
      chapter = page;
      result.set(chapter, []);
    } else if (level === 2 && chapter && !owner.has(page) && page !== chapter) {
      owner.set(page, chapter);
      result.get(chapter).push(page);
    }
  }
  for (const [chapter, pages] of result) {
    for (let i = 0; i < pages.length; i++) {
      const file = path.join(dir, pages[i]);
      if (!existsSync(file)) continue;
      for (const { page } of toctree(readFileSync(file, 'utf8'))) {
        if (owner.has(page) || result.has(page) || page.includes('/')) continue;
        owner.set(page, chapter);
        pages.push(page);
      }
    }
  }
  return result;
}

/** The page's title and the main body only, as a small HTML document. */
function mainContent(html) {
  const title = (/<title>(.*?)<\/title>/s.exec(html)?.[1] ?? '').replace(/\s*&#8212;[^&]*documentation$/, '');
  const start = html.indexOf('<div class="body" role="main">');
  const bodyStart = html.indexOf('<section', start);
  const end = html.lastIndexOf('</section>', html.indexOf('<div class="sphinxsidebar"', bodyStart));
  const body = html.slice(bodyStart, end + '</section>'.length);
  return `<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">\n<title>${title}</title>\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
}

export function build() {
  const dir = libraryDir();
  const items = [];
  for (const [chapter, pages] of chapters(dir)) {
    if (SKIPPED.has(chapter) || pages.length < MIN_CHAPTER) continue;
    const place = CHAPTERS[chapter];
    if (!place) {
      console.warn(`${name}: chapter ${chapter} (${pages.length} pages) has no binder name; left out`);
      continue;
    }
    for (const page of [...pages].sort()) {
      const html = readFileSync(path.join(dir, page), 'utf8');
      items.push({ ...place, ext: 'html', content: mainContent(html) });
    }
  }
  return items;
}

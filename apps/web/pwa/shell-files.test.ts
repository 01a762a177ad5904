import { describe, expect, it } from 'vitest';
import { shellFiles } from './shell-files';

const build = [
  { name: 'index.html', bytes: '<div id="root"></div>' },
  { name: 'assets/index-abc.js', bytes: 'console.log(1)' },
  { name: 'assets/index-abc.js.map', bytes: '{}' },
  { name: 'icons/icon-192.png', bytes: new Uint8Array([1, 2, 3]) },
];

describe('shellFiles', () => {
  it('lists every built file from the root but source maps, the page always in', () => {
    expect(shellFiles(build, 'worker').precache).toEqual([
      '/assets/index-abc.js',
      '/icons/icon-192.png',
      '/index.html',
    ]);
    expect(shellFiles([], 'worker').precache).toEqual(['/index.html']);
  });

  it('keeps the version while nothing changes, in whatever order the files come', () => {
    expect(shellFiles([...build].reverse(), 'worker').version).toBe(shellFiles(build, 'worker').version);
  });

  it('changes the version when a file, its name, or the worker changes', () => {
    const before = shellFiles(build, 'worker').version;
    const edited = build.map((f) => (f.name === 'index.html' ? { ...f, bytes: '<div id="app"></div>' } : f));
    const renamed = build.map((f) =>
      f.name === 'icons/icon-192.png' ? { ...f, name: 'icons/icon-193.png' } : f,
    );
    expect(shellFiles(edited, 'worker').version).not.toBe(before);
    expect(shellFiles(renamed, 'worker').version).not.toBe(before);
    expect(shellFiles(build, 'worker 2').version).not.toBe(before);
  });
});

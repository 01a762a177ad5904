// The Debian archive sections the Debian corpora use as binders: each section's short human title
// (after the section list on packages.debian.org) and the drawer grouping related sections.
export const SECTIONS = {
  devel: { drawer: 'Programming', binder: 'Development' },
  libs: { drawer: 'Programming', binder: 'Libraries' },
  python: { drawer: 'Programming', binder: 'Python' },
  perl: { drawer: 'Programming', binder: 'Perl' },
  javascript: { drawer: 'Programming', binder: 'JavaScript' },
  admin: { drawer: 'System', binder: 'Administration' },
  net: { drawer: 'System', binder: 'Networking' },
  utils: { drawer: 'System', binder: 'Utilities' },
  games: { drawer: 'Desktop', binder: 'Games' },
  graphics: { drawer: 'Desktop', binder: 'Graphics' },
  sound: { drawer: 'Desktop', binder: 'Sound' },
  fonts: { drawer: 'Desktop', binder: 'Fonts' },
  science: { drawer: 'Science and Documents', binder: 'Science' },
  math: { drawer: 'Science and Documents', binder: 'Mathematics' },
  text: { drawer: 'Science and Documents', binder: 'Text Processing' },
};

/** A note's text at one version, as the server holds (or held) it. */
export interface NoteCopy {
  version: number;
  text: string;
}

/** What to do on seeing the server's copy of a note being edited here. */
export type CopySeen =
  /** Nothing newer than what the editing started from. */
  | { kind: 'same' }
  /** Newer, but its text is the one edited here (a rename, tags, or the same words): go on from it. */
  | { kind: 'adopt'; base: NoteCopy }
  /** Its text changed elsewhere, and nothing typed here is unsaved: show it instead. */
  | { kind: 'take'; base: NoteCopy }
  /** Its text changed elsewhere while unsaved text was typed here: the user chooses. */
  | { kind: 'conflict'; theirs: NoteCopy };

/**
 * `base` is the copy the text typed here (`draft`) started from; `server` what the server holds now.
 * Nothing typed is ever dropped without the user choosing so.
 */
export function onServerCopy(base: NoteCopy, draft: string, server: NoteCopy): CopySeen {
  if (server.version <= base.version) return { kind: 'same' };
  if (server.text === base.text || server.text === draft) return { kind: 'adopt', base: server };
  if (draft === base.text) return { kind: 'take', base: server };
  return { kind: 'conflict', theirs: server };
}

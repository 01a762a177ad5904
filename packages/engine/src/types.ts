/** What the engine knows of one item on the desk: plain data, no database rows. */
export interface EngineItem {
  id: string;
  /** The desk's kind: `file_object`, `note_object`, `url_object`, `email_object`, … */
  kind: string;
  name: string;
  /** Where it came from: `easio`, `gdrive`, `dropbox`, `whatsapp`, `mail`, `calendar`, `gallery`. */
  source: string;
  mimeType?: string | null;
  url?: string | null;
  /** Text extracted from it (document text, note, mail body); long texts are cut by the engine. */
  text?: string | null;
  tags?: readonly string[];
  /** When it was made (at its source, else when it arrived), epoch milliseconds. */
  date?: number | null;
  /**
   * Whether `date` is the item's own (a photo's taking, a mail's sending, a source's date), not only
   * when it arrived on the desk: only its own dates may name a binder's year.
   */
  ownDate?: boolean;
  /** For e-mails and their attachments: sender, recipients (To and Cc, as the headers write them), subject. */
  email?: { from?: string | null; to?: string | null; subject?: string | null } | null;
  /**
   * The folder it was in at its source (`Work/Taxes` of a Google Drive file): what the person already
   * decided it belongs with, so a strong hint.
   */
  folder?: string | null;
}

/** A binder on the user's desk, with the drawer holding it. */
export interface EngineBinder {
  id: string;
  name: string;
  drawerId: string;
  drawerName: string;
}

/** An item filed in a binder: what the classifier learns from. */
export interface FiledItem extends EngineItem {
  binderId: string;
}

/**
 * What the user did: moved an item into a binder themselves, accepted a recommendation that put it
 * there (both count as the item belonging there, an accept more than the desk's initial state), or
 * dismissed a recommendation that proposed it for that binder (evidence against the pairing).
 */
export interface FilingEvent {
  objectId: string;
  binderId: string;
  kind: 'moved' | 'accepted' | 'dismissed';
}

import { type CreateItem, createItemSchema, NAME_MAX } from '@easio/shared';

/** What a share sent (the manifest's share_target params), read from the shared form. */
export interface SharedInput {
  title: string;
  text: string;
  url: string;
  files: File[];
}

/** One thing to save: a desk item made with `POST /desk/items`, or a file uploaded. */
export type ShareStep =
  | { kind: 'item'; label: string; item: CreateItem }
  | { kind: 'file'; label: string; file: File };

export interface SharePlan {
  steps: ShareStep[];
  /** What was shared but cannot be saved, and why. */
  skipped: { label: string; reason: string }[];
}

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');

/** The shared form's fields; a file sent in a text field, or text in the files field, is ignored. */
export function readSharedForm(form: FormData): SharedInput {
  return {
    title: text(form.get('title')),
    text: text(form.get('text')),
    url: text(form.get('url')),
    files: form.getAll('files').filter((entry): entry is File => typeof entry !== 'string'),
  };
}

const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the address it follows. */
const TRAILING = /[.,;:!?'"»)\]}]+$/;

function isWebAddress(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** The web addresses in a text, in order, each once, and the text without them. */
export function splitAddresses(value: string): { addresses: string[]; rest: string } {
  const addresses: string[] = [];
  const rest = value.replace(WEB_ADDRESS, (found) => {
    const address = found.replace(TRAILING, '');
    if (!isWebAddress(address)) return found;
    if (!addresses.includes(address)) addresses.push(address);
    return found.slice(address.length);
  });
  return { addresses, rest: tidy(rest) };
}

/** Trims each line and drops empty ones at either end (what is left when an address is taken out). */
function tidy(value: string): string {
  return value
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function hostOf(address: string): string {
  return new URL(address).host;
}

/**
 * What a share becomes on the desk (its root, where unfiled items wait for recommendations): each web
 * address (the url field, else any in the text) a link, the first one named by the title and carrying
 * the rest of the text as its note; text without an address a note; each file an upload. Every item is
 * checked against the desk's own contract; what fails is skipped with the reason.
 */
export function planShare(input: SharedInput): SharePlan {
  const steps: ShareStep[] = [];
  const skipped: SharePlan['skipped'] = [];
  const title = input.title.replace(/\s+/g, ' ').trim().slice(0, NAME_MAX);
  const url = input.url.trim();
  const fromText = splitAddresses(input.text);

  const addresses: string[] = [];
  if (url) {
    if (isWebAddress(url)) addresses.push(url);
    else
      skipped.push({
        label: url.slice(0, 80),
        reason: 'Not a web address starting with http:// or https://',
      });
  }
  for (const address of fromText.addresses) if (!addresses.includes(address)) addresses.push(address);
  // Some apps send the title again as the text.
  const note = fromText.rest === title ? '' : fromText.rest;

  const add = (label: string, item: CreateItem) => {
    const checked = createItemSchema.safeParse(item);
    if (checked.success) steps.push({ kind: 'item', label, item });
    else skipped.push({ label, reason: checked.error.issues[0]?.message ?? 'Not valid' });
  };

  addresses.forEach((address, index) => {
    const name = index === 0 && title ? title : undefined;
    const label = `Link to ${hostOf(address)}`;
    if (index === 0 && note) add(label, { data_type: 'url_note_object', url: address, content: note, name });
    else add(label, { data_type: 'url_object', url: address, name });
  });
  const sharesFiles = input.files.some((file) => file.size > 0);
  // A title alone names what was shared; beside files it is only their caption, not a note of its own.
  if (addresses.length === 0 && (note || (title && !sharesFiles))) {
    add('Note', {
      data_type: 'note_object',
      content: note || title,
      name: note && title ? title : undefined,
    });
  }

  for (const file of input.files) {
    // A share without files still sends an empty, nameless file part.
    if (file.size === 0 && file.name === '') continue;
    const label = file.name || 'Shared file';
    if (file.size === 0) skipped.push({ label, reason: 'The file is empty' });
    else
      steps.push({
        kind: 'file',
        label,
        file: file.name ? file : new File([file], label, { type: file.type }),
      });
  }
  return { steps, skipped };
}

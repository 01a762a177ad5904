import { MoveInError } from './moved-in.js';

/** Arrays and objects nested deeper than this are no app's export. */
const MAX_JSON_DEPTH = 64;

/** How deep brackets nest outside strings, stopping as soon as it is too deep. */
function tooDeep(json: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > MAX_JSON_DEPTH) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** An export's JSON, refused (before it is parsed) when it is not JSON or nests beyond any export. */
export function parseExportJson(json: string, app: string): unknown {
  if (tooDeep(json)) throw new MoveInError(`This is not a ${app} export: it nests too deeply`);
  try {
    return JSON.parse(json.replace(/^\uFEFF/, ''));
  } catch {
    throw new MoveInError(`This is not a ${app} export: it is not valid JSON`);
  }
}

/**
 * Month names and their usual abbreviations by tesseract language code, folded as the date finder
 * reads text: lower case, accents removed (`März` → `marz`, `décembre` → `decembre`). Index 0 is January.
 * Polish has the genitive forms a date is written with (`12 marca 2024`) beside the nominatives.
 */
const MONTHS: Record<string, string[][]> = {
  eng: [
    ['january', 'jan'],
    ['february', 'feb'],
    ['march', 'mar'],
    ['april', 'apr'],
    ['may'],
    ['june', 'jun'],
    ['july', 'jul'],
    ['august', 'aug'],
    ['september', 'sept', 'sep'],
    ['october', 'oct'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  fra: [
    ['janvier', 'janv', 'jan'],
    ['fevrier', 'fevr', 'fev'],
    ['mars'],
    ['avril', 'avr'],
    ['mai'],
    ['juin'],
    ['juillet', 'juil'],
    ['aout'],
    ['septembre', 'sept'],
    ['octobre', 'oct'],
    ['novembre', 'nov'],
    ['decembre', 'dec'],
  ],
  deu: [
    ['januar', 'janner', 'jan'],
    ['februar', 'feber', 'feb'],
    ['marz', 'maerz', 'mar', 'mrz'],
    ['april', 'apr'],
    ['mai'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['august', 'aug'],
    ['september', 'sept', 'sep'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['dezember', 'dez'],
  ],
  spa: [
    ['enero', 'ene'],
    ['febrero', 'feb'],
    ['marzo', 'mar'],
    ['abril', 'abr'],
    ['mayo', 'may'],
    ['junio', 'jun'],
    ['julio', 'jul'],
    ['agosto', 'ago'],
    ['septiembre', 'setiembre', 'sept', 'sep', 'set'],
    ['octubre', 'oct'],
    ['noviembre', 'nov'],
    ['diciembre', 'dic'],
  ],
  ita: [
    ['gennaio', 'gen'],
    ['febbraio', 'feb'],
    ['marzo', 'mar'],
    ['aprile', 'apr'],
    ['maggio', 'mag'],
    ['giugno', 'giu'],
    ['luglio', 'lug'],
    ['agosto', 'ago'],
    ['settembre', 'set'],
    ['ottobre', 'ott'],
    ['novembre', 'nov'],
    ['dicembre', 'dic'],
  ],
  nld: [
    ['januari', 'jan'],
    ['februari', 'feb'],
    ['maart', 'mrt'],
    ['april', 'apr'],
    ['mei'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['augustus', 'aug'],
    ['september', 'sept', 'sep'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  por: [
    ['janeiro', 'jan'],
    ['fevereiro', 'fev'],
    ['marco', 'mar'],
    ['abril', 'abr'],
    ['maio', 'mai'],
    ['junho', 'jun'],
    ['julho', 'jul'],
    ['agosto', 'ago'],
    ['setembro', 'set'],
    ['outubro', 'out'],
    ['novembro', 'nov'],
    ['dezembro', 'dez'],
  ],
  swe: [
    ['januari', 'jan'],
    ['februari', 'feb'],
    ['mars', 'mar'],
    ['april', 'apr'],
    ['maj'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['augusti', 'aug'],
    ['september', 'sep'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  dan: [
    ['januar', 'jan'],
    ['februar', 'feb'],
    ['marts', 'mar'],
    ['april', 'apr'],
    ['maj'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['august', 'aug'],
    ['september', 'sep'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
  nor: [
    ['januar', 'jan'],
    ['februar', 'feb'],
    ['mars', 'mar'],
    ['april', 'apr'],
    ['mai'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['august', 'aug'],
    ['september', 'sep'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['desember', 'des'],
  ],
  pol: [
    ['stycznia', 'styczen', 'sty'],
    ['lutego', 'luty', 'lut'],
    ['marca', 'marzec', 'mar'],
    ['kwietnia', 'kwiecien', 'kwi'],
    ['maja', 'maj'],
    ['czerwca', 'czerwiec', 'cze'],
    ['lipca', 'lipiec', 'lip'],
    ['sierpnia', 'sierpien', 'sie'],
    ['wrzesnia', 'wrzesien', 'wrz'],
    ['pazdziernika', 'pazdziernik', 'paz'],
    ['listopada', 'listopad', 'lis'],
    ['grudnia', 'grudzien', 'gru'],
  ],
};

/** The languages month names are known in (tesseract codes). */
export const MONTH_LANGUAGES = Object.keys(MONTHS);

/**
 * Folded month name → month (1–12) for these languages; English always, since invoices in any language
 * are often written in it. Unknown codes are ignored; no language given means all of them.
 */
export function monthNames(languages?: readonly string[]): Map<string, number> {
  const codes = languages && languages.length > 0 ? ['eng', ...languages] : MONTH_LANGUAGES;
  const names = new Map<string, number>();
  for (const code of codes) {
    // `chi_sim+eng` style lists and script variants: the part before `_` names the language.
    const months = MONTHS[code.split(/[_+]/)[0] ?? ''];
    months?.forEach((spellings, month) => {
      for (const name of spellings) if (!names.has(name)) names.set(name, month + 1);
    });
  }
  return names;
}

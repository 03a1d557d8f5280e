// Where the bench scripts put their tables: each between its own pair of markers in
// bench/RESULTS.md, `<!-- NAME:start -->` and `<!-- NAME:end -->`, so that a rerun replaces that
// table alone and leaves the notes written around it untouched.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** bench/RESULTS.md, beside this script. */
export const RESULTS_FILE = fileURLToPath(new URL('./RESULTS.md', import.meta.url));

/**
 * `text` with the section `name` holding `lines` (the markers are added here). A section not in
 * the text yet is put right after `place.after` where that text is found (a table that
 * complements another), or else at the end under a `## place.heading` title.
 *
 * @param {string} text
 * @param {string} name
 * @param {readonly string[]} lines
 * @param {{ heading: string, after?: string }} place
 * @returns {string}
 */
export function withResultsSection(text, name, lines, place) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  let from = text.indexOf(start);
  let to = from < 0 ? -1 : text.indexOf(end, from);
  if (from < 0 || to < 0) {
    // A start marker without its end is left where it is: the new pair goes in as if neither
    // existed, rather than guess how much of the text after it was the old table.
    const empty = `${start}\n${end}`;
    const at = place.after === undefined ? -1 : text.indexOf(place.after);
    if (at >= 0) {
      const cut = at + place.after.length;
      text = `${text.slice(0, cut)}\n\n${empty}${text.slice(cut)}`;
      from = cut + 2;
    } else {
      text = `${text.trimEnd()}\n\n## ${place.heading}\n\n`;
      from = text.length;
      text += `${empty}\n`;
    }
    to = from + start.length + 1;
  }
  // Sliced, not String.replace: a table may hold `$` sequences that replace() would expand.
  return text.slice(0, from) + [start, ...lines, end].join('\n') + text.slice(to + end.length);
}

/**
 * Writes the section `name` of bench/RESULTS.md (see {@link withResultsSection}), creating the
 * file if there is none, and says so on the console.
 *
 * @param {string} name
 * @param {readonly string[]} lines
 * @param {{ heading: string, after?: string }} place
 * @param {string} [file]
 */
export function writeResultsSection(name, lines, place, file = RESULTS_FILE) {
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmark results\n';
  writeFileSync(file, withResultsSection(old, name, lines, place));
  console.log(`wrote the ${name} table into ${file}`);
}

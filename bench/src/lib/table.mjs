/** Markdown tables: the same text goes to the terminal and to RESULTS.md. */

/** @param {{ columns: string[], rows: (string|number)[][], caption?: string }} table */
export function renderTable({ columns, rows, caption }) {
  const cell = (value) => String(value ?? '').replaceAll('|', '\\|');
  const lines = [];
  if (caption) lines.push(`**${caption}**`, '');
  lines.push(`| ${columns.map(cell).join(' | ')} |`);
  lines.push(`| ${columns.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`);
  for (const row of rows) lines.push(`| ${row.map(cell).join(' | ')} |`);
  return lines.join('\n');
}

/** The main table every scenario has: raw figures, the baseline, the ratio, and the target's verdict. */
export const targetColumns = ['measure', 'Flagplane', 'baseline', 'ratio', 'target', 'result'];

export function verdict(ratio, target) {
  if (target === null || target === undefined) return 'report only';
  return ratio >= target ? 'PASS' : 'FAIL';
}

/** The verdict of a target that is a ceiling (a time or a memory ratio: at most `target`). */
export function verdictAtMost(ratio, target) {
  if (target === null || target === undefined) return 'report only';
  return ratio <= target ? 'PASS' : 'FAIL';
}

/**
 * A condition's values in a text box, for every editor of conditions (a flag's targeting rules, a
 * segment's conditions): one value per line, exactly as typed. Nothing is trimmed and commas are not
 * separators, so `Acme, Inc.` and ` padded ` stay one value each, and saving an unrelated change writes the
 * stored values back unchanged.
 *
 * Empty lines are dropped wherever they are (a blank line left between values, or after the last one, is
 * almost always a slip, not a value). So a value that is empty or holds a line break cannot be typed here:
 * `valuesFitLines` tells an editor to keep such values as they are stored instead of showing them as text.
 */

/** What the values box of each editor says about how values are typed. */
export const oneValuePerLine = 'One value per line.';

/** Values as the text box shows them: one a line. Use only when `valuesFitLines(values)`. */
export function textOfValues(values: readonly string[]): string {
  return values.join('\n');
}

/** The values typed in the box: each line exactly as typed, empty lines left out. */
export function valuesOfText(text: string): string[] {
  return text.split(/\r\n|\r|\n/).filter((line) => line !== '');
}

/**
 * True when `valuesOfText(textOfValues(values))` gives `values` back: no value is empty or holds a line
 * break. When false, an editor keeps the stored values read-only, with `keptValuesNote`.
 */
export function valuesFitLines(values: readonly string[]): boolean {
  return values.every((value) => value !== '' && !/[\r\n]/.test(value));
}

/** Next to values kept as stored because the box cannot show them. */
export const keptValuesNote =
  'Kept exactly as stored: a value is empty or holds a line break, which one value per line cannot show. ' +
  'To change them, remove this condition and add a new one.';

/** How kept values are shown, read-only: each quoted, so an empty value or a line break is visible. */
export function keptValuesText(values: readonly string[]): string {
  return values.map((value) => JSON.stringify(value)).join(', ');
}

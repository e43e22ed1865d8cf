import { describe, expect, it } from 'vitest';
import { keptValuesText, textOfValues, valuesFitLines, valuesOfText } from './condition-values.js';

describe('condition values in a text box, one per line', () => {
  it.each([
    ['a comma inside a value', ['Acme, Inc.']],
    ['several values with commas', ['Acme, Inc.', 'Globex, LLC', 'a,b,c']],
    ['leading and trailing spaces', ['  padded  ', ' left', 'right ']],
    ['a value of spaces only', [' ', '\t']],
    ['unicode', ['ünïcode-ключ', '日本', '🚀 launch', 'e\u0301']],
    ['a regex with commas and braces', ['^a{1,3}$', '(x|y),z']],
    ['one value', ['DE']],
    ['no value', []],
  ])('gives the values back after a round trip: %s', (_name, values) => {
    expect(valuesFitLines(values)).toBe(true);
    expect(valuesOfText(textOfValues(values))).toEqual(values);
  });

  it('shows one value a line, with no line after the last', () => {
    expect(textOfValues(['DE', 'Acme, Inc.', ' x '])).toBe('DE\nAcme, Inc.\n x ');
  });

  it('keeps each typed line exactly as typed: commas and spaces are part of the value', () => {
    expect(valuesOfText('Acme, Inc.')).toEqual(['Acme, Inc.']);
    expect(valuesOfText(' DE \nAT')).toEqual([' DE ', 'AT']);
    expect(valuesOfText('a,b')).toEqual(['a,b']);
  });

  it('drops empty lines, in the middle and at the end, but not lines of spaces', () => {
    expect(valuesOfText('DE\n')).toEqual(['DE']);
    expect(valuesOfText('DE\n\nAT\n\n')).toEqual(['DE', 'AT']);
    expect(valuesOfText('\nDE')).toEqual(['DE']);
    expect(valuesOfText('')).toEqual([]);
    expect(valuesOfText('DE\n \nAT')).toEqual(['DE', ' ', 'AT']);
  });

  it('splits on every kind of line break', () => {
    expect(valuesOfText('DE\r\nAT\rCH\nFR')).toEqual(['DE', 'AT', 'CH', 'FR']);
  });

  it('tells values the box cannot show: an empty value or a line break inside one', () => {
    expect(valuesFitLines([''])).toBe(false);
    expect(valuesFitLines(['DE', ''])).toBe(false);
    expect(valuesFitLines(['line one\nline two'])).toBe(false);
    expect(valuesFitLines(['carriage\rreturn'])).toBe(false);
    expect(valuesOfText(textOfValues(['a\nb']))).not.toEqual(['a\nb']);
  });

  it('shows kept values quoted, so an empty value and a line break are visible', () => {
    expect(keptValuesText(['', 'a\nb'])).toBe('"", "a\\nb"');
  });
});

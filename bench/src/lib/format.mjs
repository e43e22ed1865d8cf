/** Number formatting shared by the tables. */

export function fmt(value, digits = 0) {
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A figure with enough significant digits whatever its size (0.42, 3.1, 27, 1,234). */
export function num(value) {
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  const abs = Math.abs(value);
  return fmt(value, abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : 3);
}

export const ms = (value) => `${num(value)} ms`;
export const us = (value) => `${num(value)} µs`;
export const ratio = (value) => `${num(value)}×`;
export const pct = (value) => `±${fmt(value * 50, 1)} %`; // half the (max − min)/median range
export const mb = (bytes) => `${fmt(bytes / 1024 / 1024, 1)} MB`;

/** `median (min–max)` for a summary from stats.summarize. */
export function range(summary, unit = (v) => num(v)) {
  if (summary.n === 1) return unit(summary.median);
  return `${unit(summary.median)} (${num(summary.min)}–${num(summary.max)})`;
}

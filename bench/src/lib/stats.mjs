/** Small statistics over repeated measurements: median and spread, never a lone sample. */

export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** `spread` is (max − min) / median: 0.05 means the runs agree within 5 % of the median. */
export function summarize(values) {
  const med = median(values);
  const min = Math.min(...values);
  const max = Math.max(...values);
  return { n: values.length, median: med, min, max, spread: med === 0 ? 0 : (max - min) / med, values };
}

/**
 * Long tests (`npm run test:long`, vitest.long.config.ts) set `FLAGPLANE_LONG_TESTS=1`. Tests that take
 * minutes run only then; `npm test` runs their short versions or skips them, saying so in their names.
 */
export const longMode = process.env.FLAGPLANE_LONG_TESTS === '1';

/** A numeric knob from the environment (`FUZZ_RUNS`, `LOAD_SECONDS`, …), else `fallback`. */
export function numberFromEnvironment(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
}

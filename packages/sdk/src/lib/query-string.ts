/** Turns a list's query (`{ limit: 7, archived: true }`) into wire text, leaving out what is unset. */
export function toSearchParams(query: Readonly<Record<string, unknown>> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.set(name, String(value));
  }
  return params;
}

/** stdout holds the result (text, or one JSON document with --json); stderr holds progress and errors. */
export function writeText(text: string): void {
  process.stdout.write(text);
}

export function writeJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

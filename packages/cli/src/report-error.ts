/**
 * Every error ends here: one readable message on stderr (or a JSON document on stdout with --json),
 * exit code 1. Bad input lists all its problems; API errors carry the server's message and request id.
 * Nothing here prints a token or a key: errors never contain them.
 */
export function reportError(error: unknown, json: boolean): number {
  const problems = (error as { problems?: readonly string[] }).problems;
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ error: { type: name, message, ...(problems ? { problems } : {}) } }, null, 2)}\n`,
    );
  } else {
    process.stderr.write(`error: ${message}\n`);
  }
  return 1;
}

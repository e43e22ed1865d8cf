/** Tells Node's file-system errors apart by their `code` (ENOENT, EEXIST, …), the only stable part. */
export function hasCode(error: unknown, ...codes: string[]): boolean {
  return (
    typeof error === 'object' && error !== null && codes.includes((error as NodeJS.ErrnoException).code ?? '')
  );
}

/** The message of an error of any kind, for wrapping it in one that names the file. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

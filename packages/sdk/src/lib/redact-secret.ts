/** Removes a secret from text that may end up in an error or a log line (an echoing proxy, say). */
export const redacted = '[redacted]';

export function redactSecret(text: string, secret: string): string {
  return secret.length > 0 && text.includes(secret) ? text.split(secret).join(redacted) : text;
}

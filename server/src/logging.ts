/**
 * The server's logger: pino, with the credential headers (Authorization, OFREP's X-API-Key) redacted
 * wherever they could appear (§5). A key in a change stream's URL never reaches it (access/key-in-url.ts).
 */
import pino, { type Logger } from 'pino';

export const redaction = {
  paths: [
    'req.headers.authorization',
    'headers.authorization',
    'req.headers["x-api-key"]',
    'headers["x-api-key"]',
  ],
  censor: '[redacted]',
} as const;

export function createServerLogger(level: string): Logger {
  return pino({ level, redact: { paths: [...redaction.paths], censor: redaction.censor } });
}

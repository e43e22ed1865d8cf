/** The server's logger: pino, with the Authorization header redacted wherever it could appear (§5). */
import pino, { type Logger } from 'pino';

export const redaction = {
  paths: ['req.headers.authorization', 'headers.authorization'],
  censor: '[redacted]',
} as const;

export function createServerLogger(level: string): Logger {
  return pino({ level, redact: { paths: [...redaction.paths], censor: redaction.censor } });
}

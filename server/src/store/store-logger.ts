/**
 * What the store logs through. A pino logger satisfies it; the store takes this narrow shape so it does
 * not depend on the server's logging setup (tests and the mock pass nothing).
 */
export interface StoreLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

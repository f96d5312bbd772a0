/** The logger the dev IdP accepts: pino-compatible, object first. */
export interface DevIdpLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const noop = () => {};

export const silentLogger: DevIdpLogger = { debug: noop, info: noop, warn: noop, error: noop };

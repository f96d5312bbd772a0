/** The logging the bus needs: pino-compatible (object first, then message), so a pino logger fits. */
export interface BusLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const noop = (): void => {};

/** The default: logs nothing. */
export const silentLogger: BusLogger = { debug: noop, info: noop, warn: noop, error: noop };

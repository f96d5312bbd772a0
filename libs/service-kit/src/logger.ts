import { pino, type Logger, type LoggerOptions } from 'pino';

/** The logger shape the kit's non-HTTP parts accept (pino-compatible, object first). */
export interface KitLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * The process logger: JSON lines, pretty only on an interactive terminal. Services get a child
 * carrying `service`; requests get a child carrying `correlationId`.
 */
export function createLogger(options: { level?: string; name?: string } = {}): Logger {
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'test' && !process.env.VITEST;
  const base: LoggerOptions = {
    level: options.level ?? 'info',
    ...(options.name ? { base: { service: options.name } } : { base: undefined }),
    redact: { paths: ['req.headers.cookie', 'req.headers["x-powerpool-identity"]', 'req.headers.authorization'], remove: true },
  };
  if (pretty) {
    return pino({
      ...base,
      transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } },
    });
  }
  return pino(base);
}

export type { Logger };

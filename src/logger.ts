import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; credentials are redacted wherever they could appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'feedline' },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.passwordValidation',
        '*.password_confirm',
        '*.passwordHash',
        '*.token',
        '*.jwt',
      ],
      censor: '[redacted]',
    },
  });
}

import { createServer } from 'node:net';

/** A free loopback TCP port. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export class PortInUseError extends Error {
  override name = 'PortInUseError';
}

/**
 * Fails fast, before the database starts, when the HTTP port is taken (the listen itself still
 * reports the rare port taken in between).
 */
export function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolveFree, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? portError(port, host, error) : error),
    );
    probe.listen(port, host, () => probe.close(() => resolveFree()));
  });
}

export function portError(port: number, host: string, error: NodeJS.ErrnoException): PortInUseError {
  return error.code === 'EACCES'
    ? new PortInUseError(`PORT ${port} on ${host} needs privileges this process lacks: choose a port above 1023`)
    : new PortInUseError(`PORT ${port} on ${host} is already in use: stop what holds it, or set PORT to another port`);
}

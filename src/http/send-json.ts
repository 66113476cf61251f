import type { ServerResponse } from 'node:http';

/**
 * A whole JSON answer over REST: the head in one list (wire.ts adds the fixed headers to it), with
 * its Content-Length, then the body. Every REST answer that is not streamed goes out here.
 */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | undefined,
): void {
  const head = ['Content-Type', 'application/json'];
  for (const name in headers) head.push(name, headers[name]!);
  if (body !== undefined) head.push('Content-Length', String(Buffer.byteLength(body)));
  res.writeHead(status, head);
  res.end(body);
}

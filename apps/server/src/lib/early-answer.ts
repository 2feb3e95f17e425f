import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';

/** How long the rest of a refused body is read (and thrown away) after the answer, at most… */
const LINGER_MS = 2_000;
/** …and how much of it. */
const LINGER_MAX_BYTES = 8 * 1024 * 1024;

/**
 * For an answer sent before the request's body has fully arrived (401, 413, 408 …): the body is no
 * longer parsed, and the connection closes after the answer. Closing at once, with the client still
 * sending, resets the connection, and clients then lose the answer they were sent (they fail with
 * EPIPE or ECONNRESET instead of reading the 413). So, as nginx does (lingering close), the rest is
 * read and thrown away — never held — for at most LINGER_MS and LINGER_MAX_BYTES after the answer.
 */
export function closeAfterEarlyAnswer(raw: IncomingMessage): void {
  raw.unpipe();
  const socket = raw.socket;
  if (!(socket instanceof Socket)) return;
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > LINGER_MAX_BYTES) socket.destroy();
  });
  raw.resume();
  // Node's server ends a `Connection: close` answer with destroySoon(): the write side closes, then
  // the socket is destroyed at once. Here the destroy waits until the client is done, or the time is up.
  socket.destroySoon = function lingeringDestroySoon(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}

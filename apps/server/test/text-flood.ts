import { Readable } from 'node:stream';

/**
 * The memory-amplification attack on the public multipart routes (security issue, item 3): a body of
 * many large text parts, which the multipart parser holds in memory whole. Made lazily, so a test can
 * offer hundreds of megabytes and see how much of it the server actually pulled.
 */
export type TextFlood = {
  contentType: string;
  /** The whole body's length, for Content-Length. */
  length: number;
  /** A fresh stream of the body; `pulledBytes()` says how much of it was read so far. */
  open(): Readable & { pulledBytes(): number };
};

/** What the outside test sent: the parser's old limits, 2,000 fields of 100 KB (one left for the rest). */
export const MAXIMAL_TEXT_FLOOD = { parts: 1_999, partBytes: 100_000 };

export function createTextFlood(opts: { parts: number; partBytes: number; boundary?: string }): TextFlood {
  const boundary = opts.boundary ?? '----KadryTextFlood7c1e';
  const value = Buffer.alloc(opts.partBytes, 'a');
  const head = (i: number) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="flood${i}"\r\n\r\n`, 'latin1');
  const tail = Buffer.from(`--${boundary}--\r\n`, 'latin1');
  const crlf = Buffer.from('\r\n', 'latin1');
  let length = tail.length;
  for (let i = 0; i < opts.parts; i++) length += head(i).length + value.length + crlf.length;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    open() {
      let i = 0;
      let pulled = 0;
      const stream = new Readable({
        // Small chunks: what the server has pulled is what it read, give or take one chunk.
        highWaterMark: 16 * 1024,
        read() {
          const chunk =
            i < opts.parts ? Buffer.concat([head(i), value, crlf]) : i === opts.parts ? tail : null;
          i += 1;
          if (chunk) pulled += chunk.length;
          // One part per turn of the event loop, as a socket delivers data: pushed synchronously, the
          // whole body would be parsed before the server's code ran once.
          setImmediate(() => this.push(chunk));
        },
      });
      return Object.assign(stream, { pulledBytes: () => pulled });
    },
  };
}

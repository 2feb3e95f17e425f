import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FormEntry } from '@kadry/shared/wire/response-form';
import { afterEach, describe, expect, it } from 'vitest';
import { type BenchFile, createPdfFile } from './application';
import { createMultipartBody, generateFileBytes, postMultipart } from './multipart-stream';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const ENTRIES: FormEntry<BenchFile>[] = [
  ['source', 'bench'],
  ['fields[0][input_value]', 'Ann "Quoted" Lee'],
  ['fields[1][input_value][0]', { file: createPdfFile('cv.pdf', 200_000), fileName: 'cv.pdf' }],
  ['fields[2][input_value][min]', ''],
];

describe('createMultipartBody', () => {
  it('streams exactly content-length bytes that a standard multipart parser reads back', async () => {
    const body = createMultipartBody(ENTRIES);
    const bytes = await readAll(body.createStream());
    expect(bytes.length).toBe(body.contentLength);

    const form = await new Response(new Uint8Array(bytes), {
      headers: { 'content-type': body.contentType },
    }).formData();
    expect(form.get('source')).toBe('bench');
    expect(form.get('fields[0][input_value]')).toBe('Ann "Quoted" Lee');
    expect(form.get('fields[2][input_value][min]')).toBe('');
    const file = form.get('fields[1][input_value][0]');
    expect(file).toBeInstanceOf(Blob);
    const content = Buffer.from(await (file as Blob).arrayBuffer());
    expect((file as File).name).toBe('cv.pdf');
    expect(content.length).toBe(200_000);
    expect(content.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  });

  it('gives a fresh stream each time', async () => {
    const body = createMultipartBody(ENTRIES);
    const first = await readAll(body.createStream());
    const second = await readAll(body.createStream());
    expect(second.equals(first)).toBe(true);
  });
});

describe('generateFileBytes', () => {
  it('yields exactly the file size, header first', () => {
    const file = createPdfFile('x.pdf', 3 * 64 * 1024 + 5);
    const chunks = [...generateFileBytes(file)];
    expect(chunks.reduce((sum, chunk) => sum + chunk.length, 0)).toBe(file.size);
    expect(chunks[0]?.equals(file.header)).toBe(true);
  });
});

describe('postMultipart', () => {
  let close: (() => void) | null = null;
  afterEach(() => close?.());

  it('streams the body with its headers and returns the answer', async () => {
    const server = createServer(async (request, response) => {
      const received = await readAll(request);
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          bytes: received.length,
          type: request.headers['content-type'],
          key: request.headers['idempotency-key'],
        }),
      );
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    close = () => server.close();
    const body = createMultipartBody(ENTRIES, 'b0undary');
    const answer = await postMultipart(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`, body, {
      'idempotency-key': 'k1',
    });
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toEqual({
      bytes: body.contentLength,
      type: 'multipart/form-data; boundary=b0undary',
      key: 'k1',
    });
  });

  it('returns an early answer (a 413) even though the body was not read', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(413, { connection: 'close' });
      response.end('too large');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    close = () => server.close();
    const big = createMultipartBody([
      ['f', { file: createPdfFile('big.pdf', 20 * 1024 * 1024), fileName: 'big.pdf' }],
    ]);
    const answer = await postMultipart(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`, big);
    expect(answer).toMatchObject({ status: 413, body: 'too large' });
  });
});

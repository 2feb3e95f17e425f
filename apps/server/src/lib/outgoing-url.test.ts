import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutgoingUrl, isPublicAddress, OutgoingUrlError, postOutgoing } from './outgoing-url';

// The SSRF rule of outgoing requests (webhooks): only public unicast addresses, checked on the
// addresses actually connected to, no redirects followed.

const STRICT = { allowPrivateTargets: false };
const OPEN = { allowPrivateTargets: true };

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.100.100.200',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '192.0.0.192',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '::7f00:1',
    '64:ff9b::a00:1',
    '2002:7f00:1::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '[2a00:1450:4001:82b::200e]'])(
    'allows %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('checkOutgoingUrl', () => {
  it.each([
    'http://127.0.0.1/hook',
    'http://localhost:3000/hook',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'https://169.254.169.254/latest/meta-data',
    'http://0x7f.1/hook',
    'http://10.0.0.5:8080/',
  ])('refuses %s by default', async (url) => {
    await expect(checkOutgoingUrl(url, STRICT)).rejects.toMatchObject({ problem: 'private_address' });
  });

  it('refuses other schemes and credentials, allows private targets when the setting says so', async () => {
    await expect(checkOutgoingUrl('ftp://example.com/', STRICT)).rejects.toMatchObject({
      problem: 'invalid_url',
    });
    await expect(checkOutgoingUrl('http://user:pw@8.8.8.8/', STRICT)).rejects.toMatchObject({
      problem: 'invalid_url',
    });
    await expect(checkOutgoingUrl('http://127.0.0.1/hook', OPEN)).resolves.toBeUndefined();
    await expect(checkOutgoingUrl('https://8.8.8.8/hook', STRICT)).resolves.toBeUndefined();
  });

  it('refuses a name that does not resolve', async () => {
    await expect(checkOutgoingUrl('https://no-such-host.invalid/', STRICT)).rejects.toMatchObject({
      problem: 'unresolvable',
    });
  });
});

describe('postOutgoing', () => {
  let server: Server;
  let base: string;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/redirect') {
        response.writeHead(302, { location: '/target' }).end();
      } else if (request.url === '/slow') {
        setTimeout(() => response.writeHead(200).end(), 2_000);
      } else {
        response.writeHead(204).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = { body: '{}', headers: { 'content-type': 'application/json' }, timeoutMs: 5_000 };

  it('never connects to a loopback target by default, by IP or by name', async () => {
    hits.length = 0;
    await expect(postOutgoing(`${base}/ok`, post, STRICT)).rejects.toBeInstanceOf(OutgoingUrlError);
    const port = new URL(base).port;
    await expect(postOutgoing(`http://localhost:${port}/ok`, post, STRICT)).rejects.toMatchObject({
      problem: 'private_address',
    });
    expect(hits).toEqual([]);
  });

  it('sends when private targets are allowed, and does not follow redirects', async () => {
    hits.length = 0;
    expect(await postOutgoing(`${base}/ok`, post, OPEN)).toEqual({ status: 204 });
    expect(await postOutgoing(`http://localhost:${new URL(base).port}/ok`, post, OPEN)).toEqual({
      status: 204,
    });
    expect(await postOutgoing(`${base}/redirect`, post, OPEN)).toEqual({ status: 302 });
    expect(hits).toEqual(['/ok', '/ok', '/redirect']);
  });

  it('gives up after the timeout', async () => {
    await expect(postOutgoing(`${base}/slow`, { ...post, timeoutMs: 300 }, OPEN)).rejects.toThrow(
      /no answer/,
    );
  });
});

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookupAsync } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Requests Kadry makes to addresses its users typed (webhooks): never into the company network or the
 * machine itself (SSRF). A target must resolve only to public unicast addresses: loopback, private
 * (RFC 1918), link-local (cloud metadata at 169.254.169.254), unique-local (fc00::/7, fd00:ec2::254),
 * CGNAT (100.64.0.0/10), unspecified, multicast, reserved and the IPv6 forms that embed an IPv4
 * address (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo) are refused, unless the deployment
 * allows private targets (WEBHOOKS_ALLOW_PRIVATE_TARGETS). The check runs when a URL is saved and
 * again on every request, on the very addresses the connection uses (DNS may change in between:
 * the lookup that connects is the one checked, so a rebinding answer cannot slip past). Redirects
 * are never followed.
 */

export type OutgoingUrlProblem = 'invalid_url' | 'unresolvable' | 'private_address';

export class OutgoingUrlError extends Error {
  override name = 'OutgoingUrlError';
  constructor(
    readonly problem: OutgoingUrlProblem,
    message: string,
  ) {
    super(message);
  }
}

export type OutgoingPolicy = {
  /** Let requests reach private and loopback addresses (a closed network, tests). */
  allowPrivateTargets: boolean;
};

/** Whether an IP address (v4 or v6, IPv4-mapped included) is a public unicast one. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  // process() turns an IPv4-mapped IPv6 address (::ffff:10.0.0.1) into the IPv4 one it carries.
  const parsed = ipaddr.process(bare);
  if (parsed.range() !== 'unicast') return false;
  if (parsed.kind() === 'ipv6') {
    // ::/96 (IPv4-compatible, deprecated: ::7f00:1 reaches 127.0.0.1 on some stacks), which
    // ipaddr.js still calls unicast.
    const parts = (parsed as ipaddr.IPv6).parts;
    if (parts.slice(0, 6).every((part) => part === 0)) return false;
  }
  return true;
}

function describe(address: string): string {
  return `${address} is not a public address`;
}

/** The host of a URL as DNS or an IP literal knows it (`[::1]` → `::1`). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

function parseTarget(raw: string): URL {
  if (!URL.canParse(raw)) throw new OutgoingUrlError('invalid_url', 'not a URL');
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutgoingUrlError('invalid_url', 'only http and https URLs are allowed');
  }
  if (url.username || url.password) throw new OutgoingUrlError('invalid_url', 'no credentials in the URL');
  return url;
}

/**
 * Checks a URL before it is saved: http(s), and (unless private targets are allowed) a host that
 * resolves, every address of it public. Throws OutgoingUrlError.
 */
export async function checkOutgoingUrl(raw: string, policy: OutgoingPolicy): Promise<void> {
  const url = parseTarget(raw);
  if (policy.allowPrivateTargets) return;
  const host = hostOf(url);
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new OutgoingUrlError('private_address', describe(host));
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await dnsLookupAsync(host, { all: true, verbatim: true });
  } catch (error) {
    throw new OutgoingUrlError('unresolvable', `${host} does not resolve (${(error as Error).message})`);
  }
  if (addresses.length === 0) throw new OutgoingUrlError('unresolvable', `${host} does not resolve`);
  const refused = addresses.find((entry) => !isPublicAddress(entry.address));
  if (refused) throw new OutgoingUrlError('private_address', `${host}: ${describe(refused.address)}`);
}

/**
 * A DNS lookup for the connection itself that refuses the host when any of its addresses is not
 * public: the addresses checked are the addresses connected to.
 */
function createGuardedLookup(policy: OutgoingPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const refused = policy.allowPrivateTargets
        ? undefined
        : list.find((entry) => !isPublicAddress(entry.address));
      if (refused) {
        return callback(
          Object.assign(
            new OutgoingUrlError('private_address', `${hostname}: ${describe(refused.address)}`),
            {
              code: 'EKADRYPRIVATE',
            },
          ),
          '',
          0,
        );
      }
      const first = list[0];
      if (!first) {
        return callback(
          Object.assign(new OutgoingUrlError('unresolvable', `${hostname} does not resolve`), {
            code: 'ENOTFOUND',
          }),
          '',
          0,
        );
      }
      if (options.all) return callback(null, list);
      return callback(null, first.address, first.family);
    });
  };
}

export type OutgoingPost = {
  body: string;
  headers: Record<string, string>;
  /** The whole exchange (connect, send, response headers and body) must end within this. */
  timeoutMs: number;
};

/** How much of a response body is read (and thrown away) before the connection is closed. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * POSTs a body to a URL under the SSRF rule above, without following redirects. Answers the
 * response's status (any status: the caller decides what counts as delivered). Throws on a refused
 * or unresolvable address, a connection error or the timeout.
 */
export async function postOutgoing(
  raw: string,
  post: OutgoingPost,
  policy: OutgoingPolicy,
): Promise<{ status: number }> {
  const url = parseTarget(raw);
  const host = hostOf(url);
  if (isIP(host) && !policy.allowPrivateTargets && !isPublicAddress(host)) {
    throw new OutgoingUrlError('private_address', describe(host));
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let isSettled = false;
    const finish = (error: Error | null, status?: number) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve({ status: status ?? 0 });
    };
    const request = send(url, {
      method: 'POST',
      headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
      lookup: createGuardedLookup(policy),
      // A connection of its own: no pooled socket to a host whose address was checked earlier.
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${Math.round(post.timeoutMs / 1000)} s`));
    }, post.timeoutMs);
    request.on('error', (error) => finish(error));
    request.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > MAX_RESPONSE_BYTES) {
          finish(null, status);
          response.destroy();
        }
      });
      response.on('end', () => finish(null, status));
      response.on('error', () => finish(null, status));
      response.on('close', () => finish(null, status));
    });
    request.end(post.body);
  });
}

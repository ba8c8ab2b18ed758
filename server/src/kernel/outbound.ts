import { lookup as dnsLookup } from 'node:dns/promises';
import { type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Answers every address a host name resolves to (dns.lookup with `all`); tests inject their own. */
export type Resolve = (host: string) => Promise<Array<{ address: string; family: number }>>;

export type OutboundPolicy = {
  /**
   * `OUTBOUND_ALLOW_PRIVATE=1`: `http:` and loopback or private addresses are allowed too, for
   * tests, the demo and single-host setups. Link-local and metadata addresses never are.
   */
  allowPrivate: boolean;
  resolve?: Resolve;
};

export type OutboundInit = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  timeoutMs: number;
  /** The reply is read up to this many bytes; a longer one is cut off and refused. */
  maxBytes?: number;
  /**
   * A longer reply is answered with its first `maxBytes` instead of refused: for callers that
   * need only the status (a webhook receiver's 200 with a long page is still a 200).
   */
  cutOff?: boolean;
};

export type OutboundReply = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * Why a request did not get an answer. `refused`: the guard stopped it before any connection;
 * `unreachable`: nothing was sent (refused connection, unknown name), safe to repeat; `timeout`
 * and `failed`: it may have reached the other side; `too-large`: the reply passed `maxBytes`.
 */
export class OutboundError extends Error {
  constructor(
    readonly kind: 'refused' | 'unreachable' | 'timeout' | 'failed' | 'too-large',
    message: string,
  ) {
    super(message);
  }
}

export type Outbound = {
  allowPrivate: boolean;
  request(url: string | URL, init: OutboundInit): Promise<OutboundReply>;
  /**
   * What `request` checks before connecting (the scheme, the name resolved once, every address
   * allowed), without sending anything: for a URL saved now and called later (webhooks).
   */
  check(url: string | URL): Promise<void>;
  /**
   * Lets `http://<host>` reach a server of this very process on loopback `port`: the demo's
   * stand-in upstreams, called by a name (`*.invalid`, which no resolver answers) that nothing
   * else can take, while every other address stays under the policy.
   */
  serveLocally(host: string, port: number): void;
};

const DEFAULT_MAX_BYTES = 1 << 20;

/** Never, whatever the setting: link-local (cloud metadata lives there), unspecified, multicast, reserved. */
const never = new BlockList();
never.addSubnet('0.0.0.0', 8);
never.addSubnet('169.254.0.0', 16);
never.addSubnet('224.0.0.0', 4);
never.addSubnet('240.0.0.0', 4);
never.addAddress('100.100.100.200');
never.addAddress('::', 'ipv6');
never.addSubnet('fe80::', 10, 'ipv6');
never.addSubnet('ff00::', 8, 'ipv6');
never.addAddress('fd00:ec2::254', 'ipv6');

/** Only with `allowPrivate`: loopback, private networks, CGNAT, benchmarking, unique-local IPv6. */
const inside = new BlockList();
inside.addSubnet('127.0.0.0', 8);
inside.addSubnet('10.0.0.0', 8);
inside.addSubnet('172.16.0.0', 12);
inside.addSubnet('192.168.0.0', 16);
inside.addSubnet('100.64.0.0', 10);
inside.addSubnet('198.18.0.0', 15);
inside.addSubnet('192.0.0.0', 24);
inside.addAddress('::1', 'ipv6');
inside.addSubnet('fc00::', 7, 'ipv6');
inside.addSubnet('64:ff9b::', 96, 'ipv6');

const MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Whether the store may connect to this address under the policy. */
export function addressAllowed(address: string, allowPrivate: boolean): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = MAPPED.exec(address);
  // An IPv4-mapped IPv6 address reaches the IPv4 one: judged as that, and never without the setting.
  if (mapped) return allowPrivate && addressAllowed(mapped[1]!, true);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (never.check(address, type)) return false;
  return allowPrivate || !inside.check(address, type);
}

const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * The one way the store calls a URL someone gave it (push endpoints, webhooks, suppliers, numbers
 * providers): `https:` only, the host resolved once and the connection pinned to an address the
 * policy allows (so a name cannot answer one address to the check and another to the
 * connection), no redirects followed (a 3xx is answered as it is), the reply bounded in size and
 * the whole exchange in time.
 */
export function createOutbound(policy: OutboundPolicy): Outbound {
  const resolve = policy.resolve ?? systemResolve;
  const local = new Map<string, number>();
  /** The one address the connection will go to, or why there is none. */
  async function pin(url: URL): Promise<Pinned> {
    const port = local.get(url.hostname);
    if (port !== undefined && url.protocol === 'http:') return { address: '127.0.0.1', family: 4, port };
    if (url.protocol !== 'https:' && !(policy.allowPrivate && url.protocol === 'http:'))
      throw new OutboundError('refused', `only https addresses are called (${url.protocol})`);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let pinned: { address: string; family: number };
    if (isIP(host)) pinned = { address: host, family: isIP(host) };
    else {
      let answers: Array<{ address: string; family: number }>;
      try {
        answers = await resolve(host);
      } catch {
        throw new OutboundError('unreachable', `${host} does not resolve`);
      }
      if (!answers.length) throw new OutboundError('unreachable', `${host} does not resolve`);
      const bad = answers.find((a) => !addressAllowed(a.address, policy.allowPrivate));
      if (bad) throw new OutboundError('refused', `${host} resolves to a refused address (${bad.address})`);
      pinned = answers[0]!;
    }
    if (!addressAllowed(pinned.address, policy.allowPrivate))
      throw new OutboundError('refused', `a refused address (${pinned.address})`);
    return pinned;
  }
  return {
    allowPrivate: policy.allowPrivate,
    async request(target, init) {
      const url = new URL(target);
      return send(url, await pin(url), init);
    },
    async check(target) {
      await pin(new URL(target));
    },
    serveLocally(host, port) {
      local.set(host, port);
    },
  };
}

type Pinned = { address: string; family: number; port?: number };

function send(url: URL, pinned: Pinned, init: OutboundInit): Promise<OutboundReply> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  // The connection goes to the checked address whatever net asks (`all` or one); TLS still
  // verifies the certificate against the host name (servername).
  const lookup = ((_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [pinned]);
    else (callback as (e: null, a: string, f: number) => void)(null, pinned.address, pinned.family);
  }) as LookupFunction;
  const limit = init.maxBytes ?? DEFAULT_MAX_BYTES;
  return new Promise<OutboundReply>((resolvePromise, reject) => {
    let settled = false;
    const finish = (err: OutboundError | null, reply?: OutboundReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) {
        req.destroy();
        reject(err);
      } else resolvePromise(reply!);
    };
    const options = { method: init.method ?? 'GET', headers: init.headers, lookup, agent: false };
    const req = request(url, pinned.port ? { ...options, port: pinned.port } : options, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= limit) chunks.push(chunk);
        else if (!init.cutOff) finish(new OutboundError('too-large', `the reply passed ${limit} bytes`));
        else {
          chunks.push(chunk.subarray(0, chunk.length - (size - limit)));
          finish(null, { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
          req.destroy();
        }
      });
      res.on('end', () =>
        finish(null, { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', (err) => finish(new OutboundError('failed', err.message)));
    });
    const timer = setTimeout(
      () => finish(new OutboundError('timeout', `no answer in ${init.timeoutMs} ms`)),
      init.timeoutMs,
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      const nothingSent = err.code === 'ECONNREFUSED' || err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN';
      finish(new OutboundError(nothingSent ? 'unreachable' : 'failed', err.message));
    });
    req.end(init.body);
  });
}

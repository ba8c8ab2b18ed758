import { messageWithoutCodes, parseMoney } from '@raseed/contract';
import { type Outbound, OutboundError } from '../../../kernel/outbound';
import { deliveryMsg } from '../messages-ar';
import {
  type ForwardRequest,
  type Supplier,
  type SupplierCredentials,
  SupplierError,
  type UpstreamHook,
  type UpstreamOrder,
} from './supplier';

const API = '/public/api/v1';
const TIMEOUT_MS = 10_000;
/** A reply is a few orders or products: more than this is not a supplier's answer. */
const MAX_REPLY_BYTES = 2 << 20;

type Reply = { status: number; body: Record<string, any> };
type UpstreamOrderDto = {
  id: number;
  status: string;
  message: string | null;
  cancel_msg: string | null;
  codes?: string[];
};

/** What the resellers' API issues (api-keys/token.ts): a key is used as it is, never signed in with. */
const API_KEY = /^rsd_(live|test)_/;

/**
 * Another Raseed store (this very API) as a supplier, buying with our balance there. Its
 * credentials are one of our customer account's API keys there (`rsd_live_…`, in `token`), which
 * also lets us register a webhook; or, for suppliers set up before keys existed, the account's
 * e-mail and password: we sign in, keep the session for the adapter's life and renew it once on
 * a 401 (such a supplier is followed by polling only).
 */
export class RaseedSupplier implements Supplier {
  private token: string | null;

  constructor(
    private readonly creds: SupplierCredentials,
    private readonly outbound: Outbound,
  ) {
    this.token = creds.token;
  }

  async placeOrder(req: ForwardRequest): Promise<UpstreamOrder> {
    if (req.resume) {
      // The API's answer to a dropped connection: ask for the order placed with this key first.
      const found = await this.byKey(req.idempotencyKey);
      if (found) return found;
    }
    const product = (await this.call('GET', `/products/${encodeURIComponent(req.productId)}`)).body.data?.product;
    if (!product) throw new SupplierError(false, deliveryMsg.upstream.badReply);
    const form = product.type === 'code' ? 'code' : product.free ? 'free' : 'fixed';
    if (form !== 'free' && req.quantity !== 1)
      throw new SupplierError(false, deliveryMsg.upstream.refused('الكمية لا تناسب المنتج لدى المورد'));
    const body =
      form === 'code'
        ? { product_id: product.id }
        : form === 'free'
          ? {
              product_id: product.id,
              player_id: req.playerId,
              player_name: req.playerName,
              qty: String(req.quantity),
              note: req.note,
            }
          : { productId: product.id, playerId: req.playerId, playerName: req.playerName, info: req.note };
    const reply = await this.call('POST', `/orders-create-${form}`, body, { 'idempotency-key': req.idempotencyKey });
    return toUpstream(reply.body.data?.order);
  }

  async getOrder(upstreamId: string): Promise<UpstreamOrder> {
    const reply = await this.call('GET', `/orders/${encodeURIComponent(upstreamId)}`);
    return toUpstream(reply.body.data?.order);
  }

  async checkPlayer(productId: string, playerId: string): Promise<string | null> {
    const reply = await this.call('POST', '/check-player', { product_id: productId, player_id: playerId });
    const name = reply.body.player_name ?? reply.body.data?.player_name;
    return typeof name === 'string' && name && name !== 'Not Found' ? name : null;
  }

  async balance(): Promise<number> {
    const user = (await this.call('GET', '/me')).body.data?.user;
    const micros = typeof user?.balance === 'string' ? parseMoney(user.balance) : null;
    if (micros === null) throw new SupplierError(false, deliveryMsg.upstream.badReply);
    return micros;
  }

  async subscribe(url: string): Promise<UpstreamHook | null> {
    if (!this.creds.token || !API_KEY.test(this.creds.token)) return null;
    const reply = await this.call('POST', '/webhooks', { url, events: ['order.updated'] });
    const hook = reply.body.data?.webhook;
    if (!hook || (typeof hook.id !== 'number' && typeof hook.id !== 'string') || typeof hook.secret !== 'string')
      throw new SupplierError(false, deliveryMsg.upstream.badReply);
    return { id: String(hook.id), secret: hook.secret };
  }

  async unsubscribe(hookId: string): Promise<void> {
    await this.call('DELETE', `/webhooks/${encodeURIComponent(hookId)}`).catch(() => {});
  }

  readEvent(body: unknown): UpstreamOrder | null {
    const event = body as { type?: unknown; data?: { order?: UpstreamOrderDto } } | null;
    if (event?.type !== 'order.updated') return null;
    try {
      return toUpstream(event.data?.order);
    } catch {
      return null;
    }
  }

  private async byKey(key: string): Promise<UpstreamOrder | null> {
    const token = this.token ?? (await this.signIn());
    const reply = await this.send('GET', `/orders/by-key/${encodeURIComponent(key)}`, undefined, {
      authorization: `Bearer ${token}`,
    });
    // 404: upstream never got it; anything else odd is left to the POST, whose key keeps it single.
    return reply.status === 200 ? toUpstream(reply.body.data?.order) : null;
  }

  private async signIn(): Promise<string> {
    if (!this.creds.email || !this.creds.password) throw new SupplierError(false, deliveryMsg.upstream.signIn);
    const reply = await this.send(
      'POST',
      '/login',
      { email: this.creds.email, password: this.creds.password, remember: true },
      {},
    );
    const token = reply.body.data?.token;
    if (reply.status !== 200 || typeof token !== 'string') throw failure(reply, deliveryMsg.upstream.signIn);
    this.token = token;
    return token;
  }

  /** One authenticated call; a 401 signs in again once (an expired session), then gives up. */
  private async call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const token = this.token ?? (await this.signIn());
    let reply = await this.send(method, path, body, { ...headers, authorization: `Bearer ${token}` });
    if (reply.status === 401 && this.creds.password) {
      reply = await this.send(method, path, body, { ...headers, authorization: `Bearer ${await this.signIn()}` });
    }
    if (reply.status === 401) throw new SupplierError(false, deliveryMsg.upstream.signIn);
    if (reply.status >= 300) throw failure(reply);
    return reply;
  }

  private async send(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Reply> {
    let res: { status: number; body: Buffer };
    try {
      // The operator typed this address: it goes through the outbound guard like a push endpoint.
      res = await this.outbound.request(`${this.creds.baseUrl.replace(/\/+$/, '')}${API}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_REPLY_BYTES,
      });
    } catch (err) {
      const kind = err instanceof OutboundError ? err.kind : 'failed';
      if (kind === 'refused') throw new SupplierError(false, deliveryMsg.upstream.refusedAddress);
      if (kind === 'too-large') throw new SupplierError(true, deliveryMsg.upstream.badReply);
      throw new SupplierError(
        true,
        kind === 'timeout' ? deliveryMsg.upstream.timeout : deliveryMsg.upstream.unreachable,
      );
    }
    let parsed: Record<string, any> = {};
    try {
      parsed = JSON.parse(res.body.toString('utf8')) as Record<string, any>;
    } catch {
      if (res.status >= 200 && res.status < 300) throw new SupplierError(true, deliveryMsg.upstream.badReply);
    }
    return { status: res.status, body: parsed ?? {} };
  }
}

/** 5xx and 429 may pass later; any other refusal is upstream's answer to this very request. */
function failure(reply: Reply, fallback?: string): SupplierError {
  if (reply.status >= 500 || reply.status === 429)
    return new SupplierError(true, deliveryMsg.upstream.server(reply.status));
  const text =
    typeof reply.body.msg === 'string' && reply.body.msg ? reply.body.msg.slice(0, 300) : `HTTP ${reply.status}`;
  return new SupplierError(false, fallback ?? deliveryMsg.upstream.refused(text));
}

function toUpstream(o: UpstreamOrderDto | undefined): UpstreamOrder {
  if (!o || typeof o.id !== 'number' || typeof o.status !== 'string')
    throw new SupplierError(true, deliveryMsg.upstream.badReply);
  const codes = Array.isArray(o.codes) ? o.codes.filter((c): c is string => typeof c === 'string') : [];
  if (o.status === 'success')
    return { id: String(o.id), state: 'accepted', message: messageWithoutCodes(o.message, codes), codes, reason: null };
  if (o.status === 'cancel')
    return { id: String(o.id), state: 'cancelled', message: null, codes: [], reason: o.cancel_msg };
  return { id: String(o.id), state: 'pending', message: null, codes: [], reason: null };
}

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Where the demo's supplier answers: a name only this process serves (kernel/outbound.ts). */
export const DEMO_SUPPLIER_HOST = 'demo-supplier.raseed.invalid';
export const DEMO_SUPPLIER_LOGIN = { email: 'store@demo-supplier.invalid', password: 'demo-supplier-password' };
/** The upstream product ids the demo's supplier-delivered products name. */
export const DEMO_SUPPLIER_PRODUCTS = { card: '101', topUp: '102' } as const;
/** An order stays pending this long upstream, so the console shows it being forwarded. */
const FULFIL_AFTER_MS = 3000;

type UpstreamOrder = { id: number; at: number; kind: 'card' | 'topUp'; code: string };

const API = '/public/api/v1';

/**
 * A stand-in for another Raseed store that the demo buys from (the `raseed` supplier kind): the
 * few calls of its public API that the supplier adapter makes, answered from memory. An order
 * is pending for a few seconds, then accepted with a made-up card code or a top-up message.
 */
export function demoSupplier(): (req: IncomingMessage, res: ServerResponse) => void {
  const token = randomBytes(16).toString('hex');
  const orders = new Map<number, UpstreamOrder>();
  const byKey = new Map<string, number>();
  let nextId = 700;
  const dto = (o: UpstreamOrder) => {
    if (Date.now() - o.at < FULFIL_AFTER_MS) return { id: o.id, status: 'wait', message: null, cancel_msg: null };
    return o.kind === 'card'
      ? { id: o.id, status: 'success', message: 'بطاقة من المورد التجريبي (وهمية)', cancel_msg: null, codes: [o.code] }
      : { id: o.id, status: 'success', message: 'تم الشحن لدى المورد التجريبي', cancel_msg: null, codes: [] };
  };
  return (req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    req.on('end', () => {
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const path = (req.url ?? '').replace(/\?.*$/, '');
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        return send(400, { msg: 'bad json' });
      }
      if (req.method === 'POST' && path === `${API}/login`) {
        const ok = body.email === DEMO_SUPPLIER_LOGIN.email && body.password === DEMO_SUPPLIER_LOGIN.password;
        return ok ? send(200, { data: { token } }) : send(401, { msg: 'بيانات الدخول غير صحيحة' });
      }
      if (req.headers.authorization !== `Bearer ${token}`) return send(401, { msg: 'سجّل الدخول' });
      const product = /^\/public\/api\/v1\/products\/(\d+)$/.exec(path)?.[1];
      if (req.method === 'GET' && product) {
        if (product === DEMO_SUPPLIER_PRODUCTS.card) return send(200, { data: { product: { id: 101, type: 'code' } } });
        if (product === DEMO_SUPPLIER_PRODUCTS.topUp)
          return send(200, { data: { product: { id: 102, type: 'id', free: 0 } } });
        return send(404, { msg: 'المنتج غير موجود' });
      }
      if (req.method === 'POST' && (path === `${API}/orders-create-code` || path === `${API}/orders-create-fixed`)) {
        const key = String(req.headers['idempotency-key'] ?? '');
        const known = byKey.get(key);
        if (known) return send(200, { data: { order: dto(orders.get(known)!) } });
        const kind = path.endsWith('code') ? 'card' : 'topUp';
        const group = () => randomBytes(2).toString('hex').toUpperCase();
        const order = { id: nextId++, at: Date.now(), kind, code: `SUP-${group()}-${group()}-${group()}` } as const;
        orders.set(order.id, order);
        if (key) byKey.set(key, order.id);
        return send(201, { data: { order: dto(order) } });
      }
      const orderId = /^\/public\/api\/v1\/orders\/(\d+)$/.exec(path)?.[1];
      if (req.method === 'GET' && orderId) {
        const order = orders.get(Number(orderId));
        return order ? send(200, { data: { order: dto(order) } }) : send(404, { msg: 'الطلب غير موجود' });
      }
      if (req.method === 'GET' && path === `${API}/me`) return send(200, { data: { user: { balance: '500.00' } } });
      if (req.method === 'POST' && path === `${API}/check-player`)
        return send(200, { data: { player_name: `لاعب ${String(body.player_id ?? '').slice(-4)}` } });
      return send(404, { msg: 'not found' });
    });
  };
}

import { randomBytes, randomInt } from 'node:crypto';
import { makePng } from '../server/test/topup-fixtures';

/** What the server acknowledged (answered 200 to) — all of it must survive any crash. */
export type Acks = {
  orders: Map<number, { userId: number; price: string }>;
  /** Order id → the status the cancel reply showed. */
  cancels: Map<number, string>;
  chargesByUser: Map<number, number>;
  approvals: Set<number>;
  requests: number;
};

export const newAcks = (): Acks => ({
  orders: new Map(),
  cancels: new Map(),
  chargesByUser: new Map(),
  approvals: new Set(),
  requests: 0,
});

export type Actor = { id: number; token: string };
export type LoadPlan = { customers: Actor[]; operator: Actor; productId: number; bankId: number };

const receipt = makePng(8, 6);
type Answer = { status: number; json: any };
const ok = (r: Answer | null): r is Answer => r !== null && r.status >= 200 && r.status < 300;

async function call(base: string, token: string, method: string, path: string, body?: unknown): Promise<Answer | null> {
  try {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['idempotency-key'] = randomBytes(12).toString('hex');
      payload = JSON.stringify(body);
    }
    const res = await fetch(base + path, { method, headers, body: payload });
    return { status: res.status, json: await res.json().catch(() => null) };
  } catch {
    return null; // the server is gone (killed mid-request): not acknowledged
  }
}

/** One customer: orders, cancels its own pending orders, asks for top-ups. */
async function customerStep(base: string, plan: LoadPlan, me: Actor, acks: Acks): Promise<boolean> {
  const roll = randomInt(10);
  if (roll < 5) {
    const r = await call(base, me.token, 'POST', '/public/api/v1/orders-create-fixed', {
      playerId: '5123456',
      productId: plan.productId,
    });
    if (ok(r)) acks.orders.set(r.json.data.order.id, { userId: me.id, price: r.json.data.order.price });
    return r !== null;
  }
  if (roll < 8) {
    const mine = [...acks.orders].filter(([id, o]) => o.userId === me.id && !acks.cancels.has(id));
    const pick = mine[randomInt(Math.max(mine.length, 1))];
    if (!pick) return true;
    const r = await call(base, me.token, 'POST', `/public/api/v1/orders/${pick[0]}/cancel`, {});
    if (ok(r)) acks.cancels.set(pick[0], r.json.data.order.status);
    return r !== null;
  }
  const form = new FormData();
  form.set('amount', '5');
  form.set('bank_id', String(plan.bankId));
  form.set('img', new Blob([new Uint8Array(receipt)], { type: 'image/png' }), 'r.png');
  const r = await call(base, me.token, 'POST', '/public/api/v1/banks', form);
  if (ok(r)) acks.chargesByUser.set(me.id, (acks.chargesByUser.get(me.id) ?? 0) + 1);
  return r !== null;
}

/** The operator approves pending top-ups. */
async function operatorStep(base: string, plan: LoadPlan, acks: Acks): Promise<boolean> {
  const list = await call(base, plan.operator.token, 'GET', '/admin/api/v1/charges?status=pending');
  if (!list) return false;
  const charge = list.json?.data?.charges?.[0];
  if (!charge) return true;
  const r = await call(base, plan.operator.token, 'POST', `/admin/api/v1/charges/${charge.id}/approve`, {});
  if (ok(r)) acks.approvals.add(charge.id);
  return r !== null;
}

/** Runs every actor concurrently until the server stops answering (it is killed meanwhile). */
export async function runLoad(base: string, plan: LoadPlan, acks: Acks, until: () => boolean): Promise<void> {
  const loop = async (step: () => Promise<boolean>) => {
    while (!until()) {
      acks.requests += 1;
      if (!(await step())) return;
    }
  };
  await Promise.all([
    ...plan.customers.map((c) => loop(() => customerStep(base, plan, c, acks))),
    loop(() => operatorStep(base, plan, acks)),
  ]);
}

/**
 * The store ten times bigger, as rows: 200,000 customers, 1,000,000 orders, 1,000,000 top-up
 * requests and 5,000,000 ledger rows over the last 90 days, generated in time order by a fixed
 * LCG, so both engines get the same store. Every ledger row carries the running balance of its
 * customer, each customer's balance is the sum of their rows, a cancelled order has exactly one
 * refund, and no balance ever goes below zero: `ledger:verify` passes on it.
 *
 * Who buys: 5% of all activity is 5 resellers (about 10,000 orders and 50,000 ledger rows each);
 * the rest falls on customers already signed up, earlier customers more often (index ∝ u²).
 * What waits: only the newest 300 orders and 100 top-up requests are open, plus 25 orders left
 * waiting across the whole history, as in a store whose operators keep up.
 */

export type ScaleSize = {
  customers: number;
  orders: number;
  charges: number;
  ledger: number;
  days: number;
};

export const FULL: ScaleSize = {
  customers: 200_000,
  orders: 1_000_000,
  charges: 1_000_000,
  ledger: 5_000_000,
  days: 90,
};

/** The same store shrunk by `fraction` (a quick check of the bench itself), the same 90 days. */
export function scaled(fraction: number, days = FULL.days): ScaleSize {
  const n = (x: number) => Math.max(1_000, Math.round(x * fraction));
  return {
    customers: n(FULL.customers),
    orders: n(FULL.orders),
    charges: n(FULL.charges),
    ledger: n(FULL.ledger),
    days,
  };
}

export const RESELLERS = 5;
const RESELLER_SHARE = 0.05;
const OPEN_ORDERS = 300;
const STALE_WAITING = 25;
const PENDING_CHARGES = 100;
/** Customers sign up over the first 80% of the span. */
const SIGNUP_SHARE = 0.8;
export const OPERATOR_ID = 1;
/** Customers are ids 2 … customers + 1; the first RESELLERS of them are the resellers. */
export const FIRST_CUSTOMER_ID = 2;

export type UserRow = [
  id: number,
  email: string,
  name: string,
  phone: string,
  password_hash: string,
  role: string,
  balance: number,
  totp_enabled: number,
  created_at: string,
  updated_at: string,
];
export type OrderRow = [
  id: number,
  user_id: number,
  product_id: number,
  product_name: string,
  status: string,
  price: number,
  data: string,
  cancel_msg: string | null,
  created_at: string,
  updated_at: string,
];
export type ChargeRow = [
  id: number,
  user_id: number,
  bank_id: number,
  amount: number,
  amount_local: number,
  img_key: string,
  status: string,
  reason: string | null,
  decided_by: number | null,
  decided_at: string | null,
  transfer_ref: string | null,
  created_at: string,
];
export type LedgerRow = [
  id: number,
  user_id: number,
  credit: number,
  debit: number,
  balance_after: number,
  info: string,
  ref_type: string,
  ref_id: number | null,
  created_at: string,
];

export const COLUMNS = {
  users: [
    'id',
    'email',
    'name',
    'phone',
    'password_hash',
    'role',
    'balance',
    'totp_enabled',
    'created_at',
    'updated_at',
  ],
  orders: [
    'id',
    'user_id',
    'product_id',
    'product_name',
    'status',
    'price',
    'data',
    'cancel_msg',
    'created_at',
    'updated_at',
  ],
  charges: [
    'id',
    'user_id',
    'bank_id',
    'amount',
    'amount_local',
    'img_key',
    'status',
    'reason',
    'decided_by',
    'decided_at',
    'transfer_ref',
    'created_at',
  ],
  ledger: ['id', 'user_id', 'credit', 'debit', 'balance_after', 'info', 'ref_type', 'ref_id', 'created_at'],
} as const;
export type ScaleTable = keyof typeof COLUMNS;

/** Where the rows go; each call may wait while a batch is written. */
export type Sink = {
  users(row: UserRow): Promise<void> | void;
  orders(row: OrderRow): Promise<void> | void;
  charges(row: ChargeRow): Promise<void> | void;
  ledger(row: LedgerRow): Promise<void> | void;
};

export type PlanFacts = { ledgerRows: number; refunds: number; approvedCharges: number; cashCredits: number };

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** A fixed scramble of an index into 0–99, so statuses are spread evenly and counted exactly. */
const hundredth = (k: number) => (Math.imul(k + 1, 2654435761) >>> 0) % 100;

function orderStatus(k: number, orders: number): string {
  if (k >= orders - OPEN_ORDERS) return ['pending', 'pending', 'pending', 'wait', 'wait', 'request_cancel'][k % 6]!;
  if (k % Math.floor(orders / STALE_WAITING) === 7) return 'wait';
  return hundredth(k) < 15 ? 'cancel' : 'success';
}

function chargeStatus(k: number, charges: number): string {
  if (k >= charges - PENDING_CHARGES) return 'pending';
  return hundredth(k + 17) < 15 ? 'cancel' : 'success';
}

/** A min-heap of ledger rows due later (refunds, approved top-ups), by time. */
type Due = { at: number; userId: number; amount: number; info: string; refType: string; refId: number };
class DueHeap {
  private items: Due[] = [];
  get size() {
    return this.items.length;
  }
  peek(): Due | undefined {
    return this.items[0];
  }
  push(d: Due): void {
    const a = this.items;
    a.push(d);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p]!.at <= a[i]!.at) break;
      [a[p], a[i]] = [a[i]!, a[p]!];
      i = p;
    }
  }
  pop(): Due | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length && last) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && a[l]!.at < a[m]!.at) m = l;
        if (r < a.length && a[r]!.at < a[m]!.at) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i]!, a[m]!];
        i = m;
      }
    }
    return top;
  }
}

/**
 * Writes the whole store to `sink`: orders and top-up requests as they are placed, ledger rows in
 * the order they happen (ids follow time), then the users with their final balances.
 */
export type PlanInput = { productIds: number[]; bankId: number; passwordHash: string; nowMs: number };

export async function generate(size: ScaleSize, input: PlanInput, sink: Sink): Promise<PlanFacts> {
  const { productIds, bankId, passwordHash, nowMs } = input;
  let seed = 42;
  const rnd = (n: number) => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return Math.floor((seed / 2 ** 32) * n);
  };
  const unit = () => rnd(2 ** 30) / 2 ** 30;
  const end = nowMs - MINUTE;
  const span = size.days * 86_400_000;
  const start = end - span;
  const customers = size.customers;
  const balances = new Float64Array(customers + FIRST_CUSTOMER_ID);

  let refunds = 0;
  for (let k = 0; k < size.orders; k++) if (orderStatus(k, size.orders) === 'cancel') refunds++;
  let approvedCharges = 0;
  for (let k = 0; k < size.charges; k++) if (chargeStatus(k, size.charges) === 'success') approvedCharges++;
  let cashLeft = size.ledger - size.orders - refunds - approvedCharges;
  if (cashLeft < 0) throw new Error('ledger rows must cover every order, refund and approved top-up');

  let ledgerId = 0;
  let cashCredits = 0;
  const write = async (
    at: number,
    userId: number,
    credit: number,
    debit: number,
    info: string,
    ref: string,
    refId: number | null,
  ) => {
    balances[userId] = balances[userId]! + credit - debit;
    await sink.ledger([++ledgerId, userId, credit, debit, balances[userId]!, info, ref, refId, iso(at)]);
  };
  const due = new DueHeap();
  const flushDue = async (until: number) => {
    while (due.size && due.peek()!.at <= until) {
      const d = due.pop()!;
      await write(d.at, d.userId, d.amount, 0, d.info, d.refType, d.refId);
    }
  };
  const signedUp = (t: number) =>
    Math.max(RESELLERS + 1, Math.floor(customers * Math.min(1, (t - start) / (span * SIGNUP_SHARE))));
  const customerAt = (t: number) => {
    if (unit() < RESELLER_SHARE) return FIRST_CUSTOMER_ID + rnd(RESELLERS);
    const u = unit();
    return FIRST_CUSTOMER_ID + Math.floor(signedUp(t) * u * u);
  };

  let orderK = 0;
  let chargeK = 0;
  for (let j = 0; ; j++) {
    // Cash top-ups forced by a purchase use up the quota early: time runs on what is left.
    const left = size.orders - orderK + (size.charges - chargeK) + Math.max(0, cashLeft);
    if (left === 0) break;
    const t = start + Math.floor((span * j) / (j + left));
    await flushDue(t);
    const pick = rnd(left);
    const userId = customerAt(t);
    if (pick < size.orders - orderK) {
      const k = orderK++;
      const id = k + 1;
      const p = rnd(productIds.length);
      const price = (1 + rnd(5_000)) * 10_000;
      const status = orderStatus(k, size.orders);
      const decided = status === 'success' || status === 'cancel';
      const decidedAt = decided ? Math.min(t + (2 + rnd(118)) * MINUTE, end) : t;
      if (balances[userId]! < price) {
        // A customer tops up in cash before buying more than they hold.
        await write(
          t - 1,
          userId,
          price - balances[userId]! + (5 + rnd(30)) * 1_000_000,
          0,
          'شحن نقدي',
          'adjust',
          null,
        );
        cashLeft--;
        cashCredits++;
      }
      await sink.orders([
        id,
        userId,
        productIds[p]!,
        `منتج ${p + 1}`,
        status,
        price,
        String(100_000_000 + rnd(900_000_000)),
        status === 'cancel' ? 'رقم اللاعب غير صحيح' : null,
        iso(t),
        iso(decidedAt),
      ]);
      await write(t, userId, 0, price, `شراء منتج ${p + 1}`, 'order', id);
      if (status === 'cancel')
        due.push({ at: decidedAt, userId, amount: price, info: `استرجاع الطلب #${id}`, refType: 'order', refId: id });
    } else if (pick < size.orders - orderK + (size.charges - chargeK)) {
      const k = chargeK++;
      const id = k + 1;
      const amount = (5 + rnd(96)) * 1_000_000;
      const status = chargeStatus(k, size.charges);
      const decidedAt = status === 'pending' ? null : Math.min(t + (5 + rnd(175)) * MINUTE, end);
      await sink.charges([
        id,
        userId,
        bankId,
        amount,
        amount,
        'receipts/bench.png',
        status,
        status === 'cancel' ? 'الإيصال غير واضح' : null,
        decidedAt === null ? null : OPERATOR_ID,
        decidedAt === null ? null : iso(decidedAt),
        k % 2 ? `TR${100_000_000 + k}` : null,
        iso(t),
      ]);
      if (status === 'success')
        due.push({ at: decidedAt!, userId, amount, info: `شحن الرصيد #${id}`, refType: 'charge', refId: id });
    } else {
      await write(t, userId, (5 + rnd(46)) * 1_000_000, 0, 'شحن نقدي', 'adjust', null);
      cashLeft--;
      cashCredits++;
    }
  }
  await flushDue(Number.POSITIVE_INFINITY);
  for (let c = 0; c <= customers; c++) {
    const id = c === 0 ? OPERATOR_ID : FIRST_CUSTOMER_ID + c - 1;
    const created = c <= RESELLERS + 1 ? start : start + Math.floor((span * SIGNUP_SHARE * (c - 1)) / customers);
    await sink.users([
      id,
      c === 0 ? 'scale-operator@bench.local' : `scale-${c}@bench.local`,
      c === 0 ? 'مشغل القياس' : `زبون ${c}`,
      `+9639${String(10_000_000 + ((c * 7_919) % 90_000_000))}`,
      passwordHash,
      c === 0 ? 'operator' : 'customer',
      balances[id] ?? 0,
      c === 0 ? 1 : 0,
      iso(created),
      iso(created),
    ]);
  }
  return { ledgerRows: ledgerId, refunds, approvedCharges, cashCredits };
}

import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Where the demo's numbers provider answers: a name only this process serves (kernel/outbound.ts). */
export const DEMO_NUMBERS_HOST = 'demo-numbers.raseed.invalid';
export const DEMO_NUMBERS_KEY = 'demo-numbers-key';
/** The SMS "arrives" this long after the number is rented, so a visitor sees the wait, then the code. */
const SMS_AFTER_MS = 4000;

/** What the demo sells: WhatsApp and Telegram numbers of two countries (handler-API codes). */
export const DEMO_NUMBER_SERVICES = [
  { service: 'wa', country: '6', name: 'واتساب', country_name: 'إندونيسيا', usd: '0.60', syp: '8000', try: '20' },
  { service: 'tg', country: '6', name: 'تيليجرام', country_name: 'إندونيسيا', usd: '0.80', syp: '10500', try: '27' },
  {
    service: 'wa',
    country: '12',
    name: 'واتساب',
    country_name: 'الولايات المتحدة',
    usd: '1.20',
    syp: '16000',
    try: '40',
  },
] as const;

type Activation = { phone: string; rentedAt: number; code: string | null; status: 'wait' | 'cancel' | 'done' };

/**
 * A stand-in SMS-activation provider for the demo, speaking the handler-API protocol the real
 * ones speak (`/stubs/handler_api.php?api_key=…&action=…`): every number is made up, and its
 * "SMS" is a random code a few seconds after the rental. It lives only in the demo's process.
 */
export function demoNumbersProvider(): (req: IncomingMessage, res: ServerResponse) => void {
  const activations = new Map<string, Activation>();
  let nextId = 5000;
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://demo');
    const p = Object.fromEntries(url.searchParams);
    const send = (text: string, status = 200) => res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    if (url.pathname !== '/stubs/handler_api.php') return send('not found', 404);
    if (p.api_key !== DEMO_NUMBERS_KEY) return send('BAD_KEY');
    const a = activations.get(p.id ?? '');
    switch (p.action) {
      case 'getBalance':
        return send('ACCESS_BALANCE:100.00');
      case 'getPrices': {
        const prices: Record<string, Record<string, { cost: number; count: number }>> = {};
        for (const s of DEMO_NUMBER_SERVICES)
          prices[s.country] = { ...prices[s.country], [s.service]: { cost: 0.3, count: 500 } };
        return send(JSON.stringify(prices));
      }
      case 'getNumber': {
        const id = String(nextId++);
        const phone = `62812${String(randomInt(10_000_000)).padStart(7, '0')}`;
        activations.set(id, { phone, rentedAt: Date.now(), code: null, status: 'wait' });
        return send(`ACCESS_NUMBER:${id}:${phone}`);
      }
      case 'getStatus':
        if (!a) return send('NO_ACTIVATION');
        if (a.status === 'cancel') return send('STATUS_CANCEL');
        if (!a.code && Date.now() - a.rentedAt >= SMS_AFTER_MS) a.code = String(randomInt(100_000, 1_000_000));
        return send(a.code ? `STATUS_OK:${a.code}` : 'STATUS_WAIT_CODE');
      case 'setStatus':
        if (!a) return send('NO_ACTIVATION');
        if (p.status === '1') return send('ACCESS_READY');
        if (p.status === '3') {
          Object.assign(a, { code: null, rentedAt: Date.now(), status: 'wait' });
          return send('ACCESS_RETRY_GET');
        }
        if (p.status === '6') {
          a.status = 'done';
          return send('ACCESS_ACTIVATION');
        }
        if (p.status === '8') {
          a.status = 'cancel';
          return send('ACCESS_CANCEL');
        }
        return send('BAD_STATUS');
      case 'getActiveActivations': {
        const open = [...activations].filter(([, v]) => v.status === 'wait');
        const list = open.map(([id, v]) => ({ activationId: id, phoneNumber: v.phone }));
        return send(JSON.stringify({ status: 'success', activeActivations: list }));
      }
      default:
        return send('BAD_ACTION');
    }
  };
}

import { parseMoney } from '@raseed/contract';
import { numbersMsg } from './messages-ar';
import { type Outbound, OutboundError } from '../../kernel/outbound';
import {
  type NumberGrant,
  type NumberState,
  type NumbersSupplier,
  NumbersError,
  type PriceEntry,
} from './numbers-supplier';

/** Price lists are the largest replies; more than this is not a provider's answer. */
const MAX_REPLY_BYTES = 4 << 20;

const m = numbersMsg.upstream;

/** Replies every action may give instead of its own: the provider refusing us. */
const refusals: Record<string, string> = {
  NO_NUMBERS: m.noNumbers,
  NO_BALANCE: m.noBalance,
  BAD_KEY: m.badKey,
  BAD_SERVICE: m.badService,
  BAD_COUNTRY: m.badService,
  NO_ACTIVATION: m.noActivation,
  WRONG_ACTIVATION_ID: m.noActivation,
};

/**
 * The "handler API" that SMS-activation providers share (`/stubs/handler_api.php?api_key=…&action=…`):
 * plain-text replies such as `ACCESS_NUMBER:id:phone`, `STATUS_OK:code`, `NO_NUMBERS`, and JSON for
 * price lists. The protocol has no idempotency key, so getNumber reports a lost answer as 'unknown'
 * and the worker never repeats it blindly.
 */
export class HandlerApiSupplier implements NumbersSupplier {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs: number,
    private readonly outbound: Outbound,
  ) {}

  async getNumber(service: string, country: string): Promise<NumberGrant> {
    const text = await this.call({ action: 'getNumber', service, country });
    const match = /^ACCESS_NUMBER:([^:]+):(\+?\d{5,20})$/.exec(text);
    if (!match) throw refusal(text);
    return { id: match[1]!, phone: match[2]! };
  }

  async getStatus(id: string): Promise<NumberState> {
    const text = await this.call({ action: 'getStatus', id });
    if (text.startsWith('STATUS_OK:'))
      return { kind: 'code', code: text.slice('STATUS_OK:'.length).trim().slice(0, 100) };
    // WAIT_RETRY carries the previous code: the next one is still to come.
    if (text === 'STATUS_WAIT_CODE' || text === 'STATUS_WAIT_RESEND' || text.startsWith('STATUS_WAIT_RETRY'))
      return { kind: 'wait' };
    if (text === 'STATUS_CANCEL') return { kind: 'cancelled' };
    throw refusal(text);
  }

  async setReady(id: string): Promise<void> {
    await this.setStatus(id, 1, ['ACCESS_READY']);
  }

  async requestAnother(id: string): Promise<void> {
    await this.setStatus(id, 3, ['ACCESS_RETRY_GET', 'ACCESS_READY']);
  }

  async finish(id: string): Promise<void> {
    await this.setStatus(id, 6, ['ACCESS_ACTIVATION', 'ACCESS_ACTIVATION_CANCELED']);
  }

  async cancel(id: string): Promise<void> {
    // Already gone upstream is as good as cancelled.
    await this.setStatus(id, 8, [
      'ACCESS_CANCEL',
      'ACCESS_CANCEL_ALREADY',
      'ACCESS_ACTIVATION_CANCELED',
      'NO_ACTIVATION',
      'STATUS_CANCEL',
    ]);
  }

  async balance(): Promise<number> {
    const text = await this.call({ action: 'getBalance' });
    const micros = text.startsWith('ACCESS_BALANCE:') ? parseMoney(text.slice('ACCESS_BALANCE:'.length)) : null;
    if (micros === null) throw refusal(text);
    return micros;
  }

  /** `getPrices` answers `{ country: { service: { cost, count } } }`. */
  async prices(): Promise<PriceEntry[]> {
    const body = parseJson(await this.call({ action: 'getPrices' }));
    const out: PriceEntry[] = [];
    for (const [country, services] of Object.entries(body ?? {})) {
      if (!services || typeof services !== 'object') continue;
      for (const [service, entry] of Object.entries(services as Record<string, any>)) {
        const cost = parseMoney(String(entry?.cost ?? ''));
        const count = Number(entry?.count);
        if (cost !== null && Number.isSafeInteger(count))
          out.push({ service, country, cost, count: Math.max(0, count) });
      }
    }
    return out;
  }

  async activeIds(): Promise<string[]> {
    const body = parseJson(await this.call({ action: 'getActiveActivations' }));
    const list = Array.isArray(body?.activeActivations) ? body.activeActivations : [];
    return list.map((a: any) => String(a?.activationId ?? '')).filter(Boolean);
  }

  private async setStatus(id: string, status: number, ok: string[]): Promise<void> {
    const text = await this.call({ action: 'setStatus', id, status: String(status) });
    if (ok.includes(text)) return;
    if (text === 'EARLY_CANCEL_DENIED') throw new NumbersError('retry', m.earlyCancel);
    throw refusal(text);
  }

  private async call(params: Record<string, string>): Promise<string> {
    const url = new URL(`${this.baseUrl}/stubs/handler_api.php`);
    url.search = new URLSearchParams({ api_key: this.apiKey, ...params }).toString();
    let res: { status: number; body: Buffer };
    try {
      res = await this.outbound.request(url, { timeoutMs: this.timeoutMs, maxBytes: MAX_REPLY_BYTES });
    } catch (err) {
      const kind = err instanceof OutboundError ? err.kind : 'failed';
      // Stopped by the guard or refused before anything was sent: nothing rented, safe to repeat
      // (a refused address stays refused: the worker gives up after its attempts). Anything
      // else may have reached them.
      if (kind === 'refused') throw new NumbersError('refused', m.refusedAddress);
      if (kind === 'unreachable') throw new NumbersError('retry', m.unreachable);
      throw new NumbersError('unknown', kind === 'too-large' ? m.badReply : m.timeout);
    }
    const text = res.body.toString('utf8').trim();
    if (res.status >= 500 || res.status === 429) throw new NumbersError('retry', m.server(res.status));
    // A redirect is not followed: the provider's address is the one the operator gave.
    if (res.status >= 300) throw new NumbersError('refused', m.server(res.status));
    return text;
  }
}

function refusal(text: string): NumbersError {
  const known = refusals[text.split(':')[0] ?? ''];
  if (known) return new NumbersError('refused', known);
  if (text === 'ERROR_SQL') return new NumbersError('retry', m.server(200));
  return new NumbersError('refused', text ? m.refused(text.slice(0, 80)) : m.badReply);
}

function parseJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    throw refusal(text);
  }
}

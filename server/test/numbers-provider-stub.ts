import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A stand-in SMS-activation provider on loopback, speaking the handler-API protocol
 * (`/stubs/handler_api.php?api_key=…&action=…`, plain-text replies). Tests script it: give a
 * number, deliver an SMS after N ms, never deliver, run out of numbers, fail with 5xx, or hold
 * getNumber's answer (the number is made, the reply never leaves) to simulate a lost answer.
 */
export type StubActivation = {
  id: string;
  phone: string;
  service: string;
  country: string;
  status: 'wait' | 'ok' | 'cancel' | 'done';
  codes: string[];
  /** When the current SMS started to be awaited (rental, or the last "another code"). */
  since: number;
};

export type StubScript = {
  getNumber: 'number' | 'no_numbers' | 'no_balance' | 'hold';
  /** The next N requests (any action) answer 500. */
  fail5xx: number;
  /** ms after the rental (or a resend) until the SMS arrives; null: never. */
  smsAfterMs: number | null;
  /** Codes handed out in turn, one per SMS. */
  codes: string[];
  earlyCancelDenied: boolean;
  balance: string;
  prices: Record<string, Record<string, { cost: number; count: number }>>;
};

const defaults = (): StubScript => ({
  getNumber: 'number',
  fail5xx: 0,
  smsAfterMs: 0,
  codes: ['482913', '771204', '305518'],
  earlyCancelDenied: false,
  balance: '125.50',
  prices: { '6': { wa: { cost: 0.35, count: 420 }, tg: { cost: 0.5, count: 0 } } },
});

export class NumbersProviderStub {
  readonly apiKey = 'stub-key-7f3a';
  script: StubScript = defaults();
  readonly activations = new Map<string, StubActivation>();
  readonly calls: { action: string; params: Record<string, string> }[] = [];
  private server: Server | undefined;
  private held: ServerResponse[] = [];
  private nextId = 9100;
  private nextCode = 0;
  url = '';

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(port, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  reset(script: Partial<StubScript> = {}): void {
    this.script = { ...defaults(), ...script };
    this.calls.length = 0;
    this.activations.clear();
  }

  /** How many numbers were rented (getNumber answered or held with a number made). */
  rented(): StubActivation[] {
    return [...this.activations.values()];
  }

  count(action: string): number {
    return this.calls.filter((c) => c.action === action).length;
  }

  async close(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.held = [];
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }

  private handle(req: IncomingMessage, res: ServerResponse): unknown {
    const url = new URL(req.url ?? '/', 'http://stub');
    const params = Object.fromEntries(url.searchParams);
    const action = params.action ?? '';
    this.calls.push({ action, params });
    const send = (text: string, status = 200) => res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    if (url.pathname !== '/stubs/handler_api.php') return send('not found', 404);
    if (this.script.fail5xx > 0) {
      this.script.fail5xx -= 1;
      return send('Internal Server Error', 500);
    }
    if (params.api_key !== this.apiKey) return send('BAD_KEY');
    switch (action) {
      case 'getBalance':
        return send(`ACCESS_BALANCE:${this.script.balance}`);
      case 'getPrices':
        return send(JSON.stringify(this.script.prices));
      case 'getNumber':
        return this.getNumber(params, res, send);
      case 'getStatus':
        return send(this.status(params.id ?? ''));
      case 'setStatus':
        return send(this.setStatus(params.id ?? '', params.status ?? ''));
      case 'getActiveActivations': {
        const open = this.rented().filter((a) => a.status === 'wait' || a.status === 'ok');
        return send(
          JSON.stringify({
            status: 'success',
            activeActivations: open.map((a) => ({ activationId: a.id, phoneNumber: a.phone })),
          }),
        );
      }
      default:
        return send('BAD_ACTION');
    }
  }

  private getNumber(params: Record<string, string>, res: ServerResponse, send: (t: string) => unknown): unknown {
    if (this.script.getNumber === 'no_numbers') return send('NO_NUMBERS');
    if (this.script.getNumber === 'no_balance') return send('NO_BALANCE');
    const id = String(this.nextId++);
    const a: StubActivation = {
      id,
      phone: `7900${id}${String(Number(id) * 7).slice(-3)}`,
      service: params.service ?? '',
      country: params.country ?? '',
      status: 'wait',
      codes: [],
      since: Date.now(),
    };
    this.activations.set(id, a);
    // The number exists upstream, but its answer never leaves: the caller cannot know it.
    if (this.script.getNumber === 'hold') return this.held.push(res);
    return send(`ACCESS_NUMBER:${id}:${a.phone}`);
  }

  private status(id: string): string {
    const a = this.activations.get(id);
    if (!a) return 'NO_ACTIVATION';
    if (a.status === 'cancel') return 'STATUS_CANCEL';
    const due = this.script.smsAfterMs !== null && Date.now() - a.since >= this.script.smsAfterMs;
    if (a.status === 'wait' && due) {
      a.codes.push(this.script.codes[this.nextCode++ % this.script.codes.length]!);
      a.status = 'ok';
    }
    if (a.status === 'ok' || a.status === 'done') return `STATUS_OK:${a.codes[a.codes.length - 1]}`;
    return a.codes.length ? `STATUS_WAIT_RETRY:${a.codes[a.codes.length - 1]}` : 'STATUS_WAIT_CODE';
  }

  private setStatus(id: string, status: string): string {
    const a = this.activations.get(id);
    if (!a) return 'NO_ACTIVATION';
    switch (status) {
      case '1':
        return 'ACCESS_READY';
      case '3':
        a.status = 'wait';
        a.since = Date.now();
        return 'ACCESS_RETRY_GET';
      case '6':
        a.status = 'done';
        return 'ACCESS_ACTIVATION';
      case '8':
        if (a.codes.length) return 'BAD_STATUS';
        if (this.script.earlyCancelDenied) return 'EARLY_CANCEL_DENIED';
        a.status = 'cancel';
        return 'ACCESS_CANCEL';
      default:
        return 'BAD_STATUS';
    }
  }
}

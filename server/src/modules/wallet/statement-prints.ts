import { AppError } from '../../kernel/errors';

/** Prints one HTML page to PDF (statement-pdf.ts `renderPdf` with Chromium, or a stand-in in tests). */
export type PrintPdf = (html: string) => Promise<Buffer>;

/**
 * Chromium takes seconds and hundreds of MB per print, so prints run one at a time. They used to
 * wait in one line: six PDFs from one customer made another's one-row PDF wait a minute. Now each
 * customer has a line of their own and the lines take turns, so a customer never waits behind
 * more than one print of each other customer; the lines and the whole queue are bounded.
 */
export const STATEMENT_PRINTS = {
  /** Prints at once on one instance. */
  concurrency: 1,
  /** A customer's prints queued or printing; past it a 429. */
  perCustomer: 3,
  /** Prints queued on the instance, all customers together; past it a 503. */
  total: 30,
  /** PDFs a customer may ask for per window (every instance together with Redis); past it a 429. */
  ratePerCustomer: 10,
  rateWindowMs: 10 * 60_000,
} as const;

export const printMsg = {
  busyCustomer: 'لديك كشوف PDF قيد التحضير، انتظر اكتمالها ثم أعد المحاولة',
  tooMany: 'طلبت كشوف PDF كثيرة، أعد المحاولة بعد قليل أو نزّل ملف CSV',
  busyStore: 'المتجر مشغول بتحضير كشوف أخرى، أعد المحاولة بعد قليل أو نزّل ملف CSV',
} as const;

/** A refused print: the route sends its Retry-After with the error. */
export class PrintRefused extends AppError {
  constructor(
    code: 'rate_limited' | 'unavailable',
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message);
  }
}

/** The client left before its print started: nothing was printed. */
export class PrintCancelled extends Error {}

type Job = { start: () => Promise<void> };

export class StatementPrints {
  /** Each customer's waiting prints, in the order they first queued. */
  readonly #lines = new Map<number, Job[]>();
  readonly #held = new Map<number, number>();
  /** When each customer holding a print last started one: whoever started longest ago (or never) goes next. */
  readonly #lastTurn = new Map<number, number>();
  #turns = 0;
  #queued = 0;
  #printing = 0;

  constructor(
    private readonly print: PrintPdf,
    private readonly limits: { concurrency: number; perCustomer: number; total: number } = STATEMENT_PRINTS,
  ) {}

  /** What is waiting and printing now (for tests and logs). */
  stats(): { queued: number; printing: number } {
    return { queued: this.#queued, printing: this.#printing };
  }

  /**
   * Queues a print for the customer and resolves with the PDF. `page` makes the HTML when the
   * turn comes. Refuses at once (PrintRefused) when the customer's line or the whole queue is
   * full; rejects with PrintCancelled, without printing, if `signal` aborts before the turn.
   */
  submit(customer: number, page: () => Promise<string>, signal: AbortSignal): Promise<Buffer> {
    if ((this.#held.get(customer) ?? 0) >= this.limits.perCustomer)
      throw new PrintRefused('rate_limited', printMsg.busyCustomer, 10);
    if (this.#queued >= this.limits.total) throw new PrintRefused('unavailable', printMsg.busyStore, 30);
    if (signal.aborted) throw new PrintCancelled();
    return new Promise<Buffer>((resolve, reject) => {
      const onAbort = () => {
        const line = this.#lines.get(customer);
        const at = line?.indexOf(job) ?? -1;
        if (at < 0) return; // already printing: it finishes, nobody reads it
        line!.splice(at, 1);
        if (line!.length === 0) this.#lines.delete(customer);
        this.#queued--;
        this.#release(customer);
        reject(new PrintCancelled());
      };
      const job: Job = {
        start: async () => {
          signal.removeEventListener('abort', onAbort);
          try {
            resolve(await this.print(await page()));
          } catch (err) {
            reject(err);
          }
        },
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const line = this.#lines.get(customer);
      if (line) line.push(job);
      else this.#lines.set(customer, [job]);
      this.#held.set(customer, (this.#held.get(customer) ?? 0) + 1);
      this.#queued++;
      this.#next();
    });
  }

  #release(customer: number): void {
    const n = (this.#held.get(customer) ?? 1) - 1;
    if (n > 0) this.#held.set(customer, n);
    else {
      this.#held.delete(customer);
      this.#lastTurn.delete(customer);
    }
  }

  /** The customer whose turn it is: the one who started a print longest ago, or never. */
  #whoseTurn(): number | undefined {
    let pick: number | undefined;
    let pickTurn = Number.POSITIVE_INFINITY;
    for (const customer of this.#lines.keys()) {
      const turn = this.#lastTurn.get(customer) ?? -1;
      if (turn < pickTurn) {
        pick = customer;
        pickTurn = turn;
      }
    }
    return pick;
  }

  #next(): void {
    while (this.#printing < this.limits.concurrency) {
      const customer = this.#whoseTurn();
      if (customer === undefined) return;
      const line = this.#lines.get(customer)!;
      const job = line.shift()!;
      if (line.length === 0) this.#lines.delete(customer);
      this.#lastTurn.set(customer, this.#turns++);
      this.#queued--;
      this.#printing++;
      void job.start().finally(() => {
        this.#printing--;
        this.#release(customer);
        this.#next();
      });
    }
  }
}

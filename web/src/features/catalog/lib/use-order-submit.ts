import { moneyToString, type Product, type ProductForm, parseMoney } from '@raseed/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { newIdempotencyKey, type OrderInput, usePlaceOrder } from '../api';
import { errorText } from '@/lib/error-toast';
import { placedPlayerState } from '@/lib/placed-player';
import { purchaseSignature, purchaseStore } from './purchase-store';
import { purchaseInState, withPurchase } from './sheet-state';

export type OrderFields = Pick<OrderInput, 'first' | 'second' | 'note' | 'qty'>;
export type OrderFieldName = keyof OrderFields;

/** After this long without an answer the confirmation says so and offers a retry and a way out. */
export const STALL_MS = 5_000;
/** Before that, a request that could not reach the store is sent again (same key) this often. */
export const QUIET_RETRY_MS = 1_000;

/** The server's field names of the three forms, back to the form's own. */
const serverFields: Record<string, OrderFieldName> = {
  playerId: 'first',
  player_id: 'first',
  playerName: 'second',
  player_name: 'second',
  info: 'note',
  note: 'note',
  qty: 'qty',
};

type Phase = 'idle' | 'sending' | 'stalled';

/** The store could not be reached (offline, dropped connection); a 4xx/5xx is an answer. */
const unreachable = (error: unknown) => isApiError(error) && error.status === 0;

/**
 * One purchase from a product page (docs/orders.md#the-buying-moment-web). `submit` (the form is
 * valid) opens the confirmation as a history entry of its own, so the phone's Back closes it and
 * keeps the form; `confirm` places the order.
 *
 * - One Idempotency-Key from opening to success, kept in sessionStorage with what it was made for:
 *   a double tap, a quiet resend, "إعادة المحاولة", Back and forward or a reload all send the same
 *   key for the same fields, so the server answers the first order instead of placing another.
 * - Unreachable or slow: resent quietly until STALL_MS, then the confirmation says so with
 *   "إعادة المحاولة" (same key) and "إغلاق"; the browser coming back online retries by itself.
 *   A late success still lands on the result.
 * - Success forgets the key and the typed fields and replaces the confirmation's history entry with
 *   /orders, so neither Back nor forward can bring the confirmation back.
 * - Any other failure closes the confirmation and is shown on the form, field messages beside
 *   their fields; a changed price (409) keeps it open at the new price.
 */
export function useOrderSubmit(
  product: Product,
  form: ProductForm,
  onFieldError?: (field: OrderFieldName, message: string) => void,
) {
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;
  const place = usePlaceOrder();
  const [formError, setFormError] = useState<string | null>(null);
  const [review, setReview] = useState<OrderFields | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  // The server's current price when it differed from the page's (a 409): shown for confirmation.
  const [newPriceMicros, setNewPriceMicros] = useState<number | null>(null);
  const run = useRef({
    id: 0,
    busy: false,
    done: false,
    mounted: true,
    startedAt: 0,
    input: null as OrderInput | null,
    ctrl: null as AbortController | null,
    timers: [] as ReturnType<typeof setTimeout>[],
  });

  const clearTimers = () => {
    for (const timer of run.current.timers) clearTimeout(timer);
    run.current.timers = [];
  };
  const later = (fn: () => void, ms: number) => run.current.timers.push(setTimeout(fn, ms));

  useEffect(() => {
    const r = run.current;
    r.mounted = true;
    return () => {
      r.mounted = false;
      for (const timer of r.timers) clearTimeout(timer);
    };
  }, []);

  // Back online while the message is up: the purchase goes on by itself, with its same key.
  const retryRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (phase !== 'stalled') return;
    const onOnline = () => retryRef.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [phase]);

  const open = review !== null && key !== null && purchaseInState(location.state) === key && !run.current.done;

  /** Leaves the confirmation's history entry, if the customer is on it. */
  const closeSheet = () => {
    if (key !== null && purchaseInState(locationRef.current.state) === key) void navigate(-1);
    setReview(null);
  };

  function submit(fields: OrderFields) {
    if (run.current.busy || run.current.done) return;
    setFormError(null);
    setNewPriceMicros(null);
    const sig = purchaseSignature(form, fields);
    const previous = purchaseStore.attempt(product.id);
    const purchaseKey = previous?.sig === sig ? previous.key : newIdempotencyKey();
    purchaseStore.saveAttempt(product.id, { key: purchaseKey, sig });
    setKey(purchaseKey);
    setReview(fields);
    const loc = locationRef.current;
    void navigate(
      { pathname: loc.pathname, search: loc.search, hash: loc.hash },
      { state: withPurchase(loc.state, purchaseKey), replace: purchaseInState(loc.state) !== null },
    );
  }

  function succeed(data: Awaited<ReturnType<typeof place>>, purchaseKey: string, fields: OrderFields) {
    purchaseStore.finish(product.id, purchaseKey);
    if (run.current.done) return;
    run.current.done = true;
    run.current.busy = false;
    clearTimers();
    if (!run.current.mounted) return;
    const delivered = data.order.status === 'success' && data.order.codes.length > 0;
    toast.success(t(delivered ? 'order.delivered' : 'order.sent'));
    const onSheet = purchaseInState(locationRef.current.state) === purchaseKey;
    // Replacing the confirmation's entry: Back from /orders finds the product page without it.
    void navigate(paths.orders, {
      replace: onSheet,
      state: { ...placedPlayerState(product.type, fields.first ?? '', fields.second ?? ''), result: data.order.id },
    });
  }

  function fail(error: unknown) {
    run.current.busy = false;
    clearTimers();
    setPhase('idle');
    const price =
      isApiError(error) && error.status === 409 ? (error.data as { price?: unknown } | undefined)?.price : undefined;
    if (typeof price === 'string' && parseMoney(price) !== null) {
      // The price changed: the review stays open with the new price for another tap.
      setNewPriceMicros(parseMoney(price));
      return;
    }
    closeSheet();
    setFormError(errorText(error));
    if (!isApiError(error) || !error.errors || !onFieldError) return;
    for (const [name, messages] of Object.entries(error.errors)) {
      const field = serverFields[name];
      if (field && messages[0]) onFieldError(field, messages[0]);
    }
  }

  function send(input: OrderInput, fields: OrderFields) {
    const attempt = ++run.current.id;
    const ctrl = new AbortController();
    run.current.ctrl = ctrl;
    place(input, ctrl.signal).then(
      // A success is the truth whichever attempt brought it: the money moved, show the result.
      (data) => succeed(data, input.idempotencyKey, fields),
      (error: unknown) => {
        // Superseded by a retry, closed by the customer, or the page is gone.
        if (attempt !== run.current.id || run.current.done || !run.current.mounted) return;
        if (!unreachable(error)) {
          fail(error);
          return;
        }
        if (Date.now() - run.current.startedAt < STALL_MS) later(() => send(input, fields), QUIET_RETRY_MS);
        else setPhase('stalled');
      },
    );
  }

  function start(input: OrderInput, fields: OrderFields) {
    clearTimers();
    run.current.busy = true;
    run.current.input = input;
    run.current.startedAt = Date.now();
    setPhase('sending');
    later(() => {
      clearTimers();
      if (run.current.busy && !run.current.done) setPhase('stalled');
    }, STALL_MS);
    send(input, fields);
  }

  /** Places the order at the price the review showed (`priceMicros`), and only at it. */
  function confirm(priceMicros: number) {
    if (run.current.busy || run.current.done || !review || !key) return;
    const input: OrderInput = {
      form,
      productId: product.id,
      ...review,
      idempotencyKey: key,
      expectedPrice: moneyToString(priceMicros),
    };
    start(input, review);
  }

  /** "إعادة المحاولة" after the store did not answer: the same request, the same key. */
  function retry() {
    const input = run.current.input;
    if (run.current.done || !input || !review) return;
    run.current.ctrl?.abort();
    start(input, review);
  }

  retryRef.current = retry;

  /** "إغلاق" after the store did not answer. A request still on its way may yet succeed and show its result. */
  function close() {
    run.current.id += 1;
    run.current.busy = false;
    clearTimers();
    setPhase('idle');
    closeSheet();
  }

  const back = () => {
    if (run.current.busy) return;
    setNewPriceMicros(null);
    closeSheet();
  };

  return {
    submit,
    confirm,
    back,
    retry,
    close,
    /** What the open confirmation lists; null while it is closed. */
    review: open ? review : null,
    key,
    newPriceMicros,
    isPending: phase === 'sending',
    stalled: phase === 'stalled',
    formError,
  };
}

export type OrderSubmit = ReturnType<typeof useOrderSubmit>;

import { z } from 'zod';
import { latinDigits } from './digits';
import { isoDate, money, successReply } from './envelope';
import { MICROS, parseMoney } from './money';

/** What a bank takes: US dollars, Syrian pounds or Turkish lira (docs/topups.md#currencies). */
export const bankCurrency = z.enum(['USD', 'SYP', 'TRY']);
export type BankCurrency = z.infer<typeof bankCurrency>;

export const bank = z
  .object({
    id: z.number().int(),
    name: z.string(),
    img: z.string().nullable(),
    info: z.string(),
    iban: z.string(),
    /** The account holder's name, to check before transferring; empty when not set. */
    holder: z.string(),
    /** The currency the customer transfers in; the balance is always credited in dollars. */
    currency: bankCurrency,
    /** Local units per 1 US dollar ("1.00" for a USD bank), set by the operator. */
    rate: money,
  })
  .meta({ id: 'Bank' });
export type Bank = z.infer<typeof bank>;

export const chargeStatus = z.enum(['pending', 'success', 'cancel']);
export type ChargeStatus = z.infer<typeof chargeStatus>;

export const charge = z
  .object({
    id: z.number().int(),
    /** A signed link that expires: an <img> cannot send the bearer token. */
    img: z.string(),
    bank: z.string(),
    /** The bank's id, so a rejected request can be sent again to the same bank. */
    bank_id: z.number().int(),
    amount: money,
    status: z.string(),
    created_at: isoDate,
    /**
     * The operator's reason when the request was rejected, or when it was approved with a corrected amount;
     * null otherwise.
     */
    reason: z.string().nullable(),
    /** The bank's currency at the time of the request; `amount` is always the dollars credited. */
    currency: bankCurrency,
    /** The rate used: local units per 1 US dollar. */
    rate: money,
    /** What the customer transferred, in `currency`. */
    amount_local: money,
  })
  .meta({ id: 'Charge' });
export type Charge = z.infer<typeof charge>;

/** `upload_max_bytes`: the largest receipt file the server takes, so the form refuses a bigger one before sending. */
const uploadMaxBytes = z.number().int().positive().optional();
export const banksReply = successReply(z.object({ banks: z.array(bank), upload_max_bytes: uploadMaxBytes }));
export type BanksReply = z.infer<typeof banksReply>;

// The spec is unsure whether the list sits at data.banks or data.data.banks. The server sends
// the first; clients accept both so a server of either reading works.
const nestedBanksReply = successReply(
  z.object({ data: z.object({ banks: z.array(bank), upload_max_bytes: uploadMaxBytes }) }),
);

/** A GET /banks reply of either shape, read as the list of payment methods. */
export const anyBanksReply = z
  .union([banksReply, nestedBanksReply])
  .transform((reply): Bank[] => ('banks' in reply.data ? reply.data.banks : reply.data.data.banks));

/** A GET /banks reply of either shape, with the receipt size limit when the server gives it. */
export const anyBanksPageReply = z
  .union([banksReply, nestedBanksReply])
  .transform((reply): { banks: Bank[]; uploadMaxBytes: number | null } => {
    const data = 'banks' in reply.data ? reply.data : reply.data.data;
    return { banks: data.banks, uploadMaxBytes: data.upload_max_bytes ?? null };
  });

export const chargesReply = successReply(z.object({ charges: z.array(charge) }));
export type ChargesReply = z.infer<typeof chargesReply>;

/** POST /banks: the new request, so the customer sees its number and status at once. */
export const chargeCreatedReply = successReply(z.object({ charge }));
export type ChargeCreatedReply = z.infer<typeof chargeCreatedReply>;

/**
 * The dollars credited for an amount transferred in a bank's currency: local ÷ rate, cut down to whole cents, so
 * the store never credits more than the rate gives (docs/topups.md#currencies). Integer arithmetic on micros.
 */
export function dollarsFromLocal(localMicros: number, rateMicros: number): number {
  if (rateMicros <= 0 || localMicros <= 0) return 0;
  const cents = (BigInt(localMicros) * 100n) / BigInt(rateMicros);
  return Number(cents) * (MICROS / 100);
}

/** Longest amount text accepted; 12 digits, a separator and 2 decimals fit with room to spare. */
export const TOPUP_AMOUNT_MAX_LENGTH = 32;

/**
 * Reads a top-up amount as typed: Arabic-Indic digits and the Arabic decimal sign are accepted
 * (phones in Arabic type them), at most 2 decimals because it is a bank transfer. `required`
 * when there is nothing positive (spec: zero or less asks for the amount), `invalid` when it
 * is not a number at all.
 */
export function readTopupAmount(
  text: string | null | undefined,
): { micros: number } | { error: 'required' | 'invalid' } {
  const normal = latinDigits((text ?? '').trim()).replace('\u066B', '.');
  if (normal === '') return { error: 'required' };
  if (normal.length > TOPUP_AMOUNT_MAX_LENGTH || !/^-?\d{1,12}([.,]\d{1,2})?$/.test(normal))
    return { error: 'invalid' };
  const micros = parseMoney(normal);
  if (micros === null) return { error: 'invalid' };
  return micros > 0 ? { micros } : { error: 'required' };
}

/** Longest bank transfer reference kept; bank numbers are far shorter. */
export const TRANSFER_REF_MAX_LENGTH = 60;

/** Longest reference kept as typed (its separators included). */
export const TRANSFER_REF_TYPED_MAX_LENGTH = 100;

/**
 * Reads the optional bank transfer reference. `typed` is what the customer typed (trimmed, runs
 * of spaces made one, Arabic-Indic digits made Latin), kept to show and export; `ref` is its
 * normalised copy (case, spaces, dashes, dots, slashes and # dropped), matched on, so one
 * transfer typed twice two ways is recognised as one. `null` for blank, `invalid` for anything
 * but letters and digits between those separators.
 */
export function readTransferRef(
  text: string | null | undefined,
): { ref: string | null; typed: string | null } | { error: 'invalid' } {
  const typed = latinDigits(text ?? '')
    .trim()
    .replace(/\s+/g, ' ');
  const normal = typed.replace(/[\s\-_/.#]/g, '').toUpperCase();
  if (normal === '') return { ref: null, typed: null };
  if (
    normal.length > TRANSFER_REF_MAX_LENGTH ||
    typed.length > TRANSFER_REF_TYPED_MAX_LENGTH ||
    !/^[\p{L}\p{N}]+$/u.test(normal)
  )
    return { error: 'invalid' };
  return { ref: normal, typed };
}

import { formatMicros, moneyToString } from '@raseed/contract';
import type { DB } from '../../db/database';
import { isForSale } from './dto';
import * as repo from './repository';
import { pricedRow, ruleOf, type StorefrontPricing } from './storefront-pricing';

/** What a link preview (WhatsApp, Telegram, X) shows of a product: name, prices, picture. */
export type SharePreview = { name: string; description: string; img: string | null };

const shareText = {
  perUnit: 'للوحدة',
  unavailable: 'غير متوفر حالياً',
} as const;

/** A unit price keeps its fractions of a cent (0.015 $), as the store shows it. */
function unitPrice(micros: number): string {
  return micros % 10_000 === 0 ? formatMicros(micros, 'USD') : `${moneyToString(micros)} $`;
}

/**
 * The preview of `/products/{id}`, readable by anyone as the page itself is
 * (docs/catalog.md#who-may-read-it), at the storefront's prices; undefined for a product that does not exist.
 */
export async function productSharePreview(
  db: DB,
  id: number,
  pricing: StorefrontPricing,
): Promise<SharePreview | undefined> {
  const found = await repo.findProduct(db, id);
  const rule = found && ruleOf(pricing, found);
  // A product the storefront hides is previewed as one that does not exist; the others at its prices.
  if (!found || !rule || rule.hidden) return undefined;
  const row = pricedRow(found, rule.markupBp);
  const prices =
    row.free === 1
      ? [`${unitPrice(row.unit_price)} ${shareText.perUnit}`]
      : [
          formatMicros(row.price, 'USD'),
          ...(row.price_syr > 0 ? [formatMicros(row.price_syr, 'SYP')] : []),
          ...(row.price_tr > 0 ? [formatMicros(row.price_tr, 'TRY')] : []),
        ];
  const sold = isForSale(row) ? '' : ` — ${shareText.unavailable}`;
  return { name: row.name, description: `${prices.join(' · ')}${sold}`, img: row.img };
}

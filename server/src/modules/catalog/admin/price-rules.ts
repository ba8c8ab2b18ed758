import { bpToPercent, percentToBp, type StorefrontPrice } from '@raseed/contract';
import type { z } from 'zod';
import type { storefrontPriceInput } from '@raseed/contract';
import type { DB } from '../../../db/database';
import { AppError } from '../../../kernel/errors';
import { operatorMsg } from '../../../kernel/http/operator-messages-ar';
import { now } from '../../../kernel/time';
import { audit } from '../../audit';
import {
  deletePriceRule,
  listPriceRules,
  type PriceRuleRow,
  storefrontMarkupBp,
  targetExists,
  upsertPriceRule,
} from '../price-rules-repository';
import { catalogWrite } from './write';

/** A storefront's own markup and hiding of one category or product (docs/storefronts.md#prices). */

export type PriceKind = 'category' | 'product';
type RuleInput = z.output<typeof storefrontPriceInput>;

const toDto = (storefrontId: number, r: Pick<PriceRuleRow, 'kind' | 'target_id' | 'markup_bp' | 'hidden'>) =>
  ({
    storefront_id: storefrontId,
    kind: r.kind,
    id: r.target_id,
    markup_percent: r.markup_bp === null ? null : bpToPercent(r.markup_bp),
    hidden: r.hidden === 1,
  }) satisfies StorefrontPrice;

const notFound = (kind: PriceKind) =>
  kind === 'category' ? operatorMsg.categoryNotFound : operatorMsg.productNotFound;

export async function listStorefrontPrices(
  db: DB,
  storefrontId: number,
): Promise<{ markup_percent: number; prices: StorefrontPrice[] }> {
  const [markup, rules] = await Promise.all([storefrontMarkupBp(db, storefrontId), listPriceRules(db, storefrontId)]);
  return { markup_percent: bpToPercent(markup ?? 0), prices: rules.map((r) => toDto(storefrontId, r)) };
}

async function current(trx: DB, storefrontId: number, kind: PriceKind, id: number) {
  if (!(await targetExists(trx, kind, id))) throw new AppError('not_found', notFound(kind));
  const rule = (await listPriceRules(trx, storefrontId)).find((r) => r.kind === kind && r.target_id === id);
  return toDto(storefrontId, rule ?? { kind, target_id: id, markup_bp: null, hidden: 0 });
}

/**
 * Sets the storefront's rule for one category or product; a rule with no markup and not hidden is
 * none at all (the row goes). Every customer's reply is rebuilt after the commit (catalogWrite).
 */
export function setStorefrontPrice(
  db: DB,
  actorId: number,
  storefrontId: number,
  kind: PriceKind,
  id: number,
  input: RuleInput,
): Promise<StorefrontPrice> {
  return catalogWrite(db, async (trx) => {
    const before = await current(trx, storefrontId, kind, id);
    const markup_bp = input.markup_percent === null ? null : percentToBp(input.markup_percent);
    if (markup_bp === null && !input.hidden) await deletePriceRule(trx, storefrontId, kind, id);
    else
      await upsertPriceRule(trx, {
        storefront_id: storefrontId,
        kind,
        target_id: id,
        markup_bp,
        hidden: input.hidden ? 1 : 0,
        updated_at: now(),
      });
    const after = toDto(storefrontId, { kind, target_id: id, markup_bp, hidden: input.hidden ? 1 : 0 });
    if (JSON.stringify(before) !== JSON.stringify(after))
      await audit(trx, actorId, 'storefront_price.set', `storefront_price_${kind}`, id, before, after);
    return after;
  });
}

/** Drops the storefront's rule: the category or product follows the wider markup and shows again. */
export function clearStorefrontPrice(
  db: DB,
  actorId: number,
  storefrontId: number,
  kind: PriceKind,
  id: number,
): Promise<StorefrontPrice> {
  return setStorefrontPrice(db, actorId, storefrontId, kind, id, { markup_percent: null, hidden: false });
}

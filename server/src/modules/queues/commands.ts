import { approveCharge } from '../topups';
import { rejectCharge } from '../topups';
import { command } from '../../kernel/unit-of-work';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { operatorMsg } from '../../kernel/http/operator-messages-ar';
import { findChargeRow } from './repository';

/**
 * A decision on a top-up by a caller limited to `storefront` (a staff account's; null: every
 * storefront): another storefront's customer's top-up is a 404 like an unknown one, checked in
 * the decision's own transaction so nothing is credited or written.
 */
function onReachableCharge<I extends { chargeId: number }, R>(decide: (trx: DB, input: I) => Promise<R>) {
  return command(async (trx: DB, storefront: number | null, input: I) => {
    if (storefront !== null && !(await findChargeRow(trx, input.chargeId, storefront)))
      throw new AppError('not_found', operatorMsg.chargeNotFound);
    return decide(trx, input);
  });
}

export const approveChargeCommand = onReachableCharge(approveCharge);
export const rejectChargeCommand = onReachableCharge(rejectCharge);

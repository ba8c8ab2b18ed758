import type { SealedColumns } from '../../kernel/resealing';
import { resealOrderCodes } from './order-codes';

/** The password an `account` order carries until decided, and the codes every order delivered. */
export const ordersSealedColumns: SealedColumns[] = [
  { table: 'orders', columns: ['secret', 'codes_enc'], reseal: { codes_enc: resealOrderCodes } },
];

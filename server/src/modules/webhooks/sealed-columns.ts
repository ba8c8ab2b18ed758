import type { SealedColumns } from '../../kernel/resealing';

/** The endpoints' `whsec_` secrets, and the one before a rotation while it still signs. */
export const webhooksSealedColumns: SealedColumns[] = [
  { table: 'webhook_endpoints', columns: ['secret_enc', 'previous_secret_enc'] },
];

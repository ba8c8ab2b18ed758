import type { SealedColumns } from '../../kernel/resealing';

/** What accounts keeps sealed: the TOTP secrets, turned on and waiting to be confirmed. */
export const accountsSealedColumns: SealedColumns[] = [
  { table: 'users', columns: ['totp_secret', 'totp_pending_secret'] },
];

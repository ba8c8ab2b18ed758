import type { SealedColumns } from '../../kernel/resealing';

/** The numbers provider's handler-API key. */
export const numbersSealedColumns: SealedColumns[] = [{ table: 'number_providers', columns: ['api_key_enc'] }];

import type { SealedColumns } from '../../kernel/resealing';

/**
 * Codes in stock (sold ones too: their orders may still hold these very ciphertexts) and the
 * suppliers' credentials. Stock comes before orders in a rotation: a sale copies a code's
 * ciphertext onto its order, so once stock is resealed no new order brings an old key in.
 */
export const fulfilmentSealedColumns: SealedColumns[] = [
  { table: 'product_codes', columns: ['code_enc', 'serial_enc'] },
  { table: 'suppliers', columns: ['password_enc', 'token_enc'] },
];

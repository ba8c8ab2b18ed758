import type { Generated, Kysely } from 'kysely';

/**
 * Table types. Booleans are integers 0/1 and timestamps ISO-8601 text on both engines, and
 * money is integer micros (see contract/money.ts), so SQLite and PostgreSQL return the same
 * runtime types; bigint columns are parsed to numbers in one place (connect.ts).
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  phone: string;
  img: string | null;
  password_hash: string | null;
  role: 'customer' | 'operator';
  balance: number;
  deposit: number;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled: number;
  totp_last_step: number;
  google_subject: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  device_token: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface TwoFactorChallengesTable {
  id: string;
  user_id: number;
  remember: number;
  expires_at: string;
  used_at: string | null;
  device_token: string | null;
  /** Code attempts made against this challenge; it dies at the limit. */
  attempts: Generated<number>;
}

export interface BackupCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

export interface SettingsTable {
  id: number;
  name: string;
  logo: string | null;
  cover: string | null;
  news: string | null;
  whatsapp: string | null;
  facebook: string | null;
  telegram: string | null;
  instagram: string | null;
  online: number;
  currency_mode: 'usd' | 'syr' | 'coins';
  updated_at: string;
}

export interface SlidersTable {
  id: Generated<number>;
  img: string | null;
  link: string | null;
  sort: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  img: string | null;
  available: number;
  sort: number;
}

export interface DepartmentsTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  img: string | null;
  sort: number;
}

export interface ProductsTable {
  id: Generated<number>;
  category_id: number | null;
  department_id: number | null;
  name: string;
  img: string | null;
  info: string;
  available: number;
  price: number;
  price_syr: number;
  price_tr: number;
  is_discount: number;
  discount: number;
  type: 'id' | 'account' | 'code' | 'other';
  free: number;
  min: number;
  max: number;
  unit_price: number;
  unit_price_tr: number;
  /** Key of the supplier that resolves player names for this product (check-player). */
  player_resolver: string | null;
  sort: number;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  product_name: string;
  status: 'pending' | 'success' | 'cancel' | 'request_cancel' | 'wait';
  /** What was debited, in the balance currency (USD micros). A refund returns exactly this. */
  price: number;
  /** Display prices at the moment of purchase, kept for the record. */
  price_syr: number;
  price_tr: number;
  quantity: number;
  data: string | null;
  data2: string | null;
  /** Account password of `account` orders, encrypted with the app key, erased once decided. */
  secret: string | null;
  phone: string | null;
  note: string | null;
  api: number;
  message: string | null;
  cancel_msg: string | null;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface LedgerTable {
  id: Generated<number>;
  user_id: number;
  credit: number;
  debit: number;
  balance_after: number;
  info: string;
  ref_type: string | null;
  ref_id: number | null;
  created_at: string;
}

export interface BanksTable {
  id: Generated<number>;
  name: string;
  img: string | null;
  info: string;
  iban: string;
  sort: number;
}

export interface ChargesTable {
  id: Generated<number>;
  user_id: number;
  bank_id: number;
  amount: number;
  img_key: string;
  status: 'pending' | 'success' | 'cancel';
  reason: string | null;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
  /** SHA-256 (hex) of the stored receipt and its 64-bit dHash (16 hex); null when undecodable. */
  img_sha256: string | null;
  img_phash: string | null;
  /** The earlier request whose receipt this one repeats (identical or near-identical), if any. */
  duplicate_of: number | null;
  /** Bank transfer number the customer typed, normalized (upper case, no spaces). */
  transfer_ref: string | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  /** null: a store-wide notice shown to every customer. */
  user_id: number | null;
  title: string;
  msg: string;
  created_at: string;
}

export interface PartnersTable {
  id: Generated<number>;
  name: string;
  img: string | null;
  address: string;
  phone: string;
  sort: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number;
  action: string;
  entity: string;
  entity_id: number | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  two_factor_challenges: TwoFactorChallengesTable;
  backup_codes: BackupCodesTable;
  settings: SettingsTable;
  sliders: SlidersTable;
  categories: CategoriesTable;
  departments: DepartmentsTable;
  products: ProductsTable;
  orders: OrdersTable;
  ledger: LedgerTable;
  banks: BanksTable;
  charges: ChargesTable;
  notifications: NotificationsTable;
  partners: PartnersTable;
  audit_log: AuditLogTable;
}

export type DB = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

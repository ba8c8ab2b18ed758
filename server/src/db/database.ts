import type { ColumnType, Generated, Kysely } from 'kysely';
import type {
  ChargesByHourTable,
  CustomersByHourTable,
  DashboardSummariesTable,
  NumbersByHourTable,
  OrdersByHourTable,
  SalesByProductDayTable,
} from './dashboard-tables';
import type { NumberActivationsTable, NumberProvidersTable, NumberServicesTable } from './number-tables';

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
  /** Debt: what the store lent minus what was repaid (debt_entries is its history). */
  deposit: number;
  /** Most debt the operator allows; null: no limit. */
  credit_limit: number | null;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled: number;
  totp_last_step: number;
  google_subject: string | null;
  /** 1: the operator lets this customer make API keys (modules/api-keys). */
  api_access: Generated<number>;
  /** The storefront a customer belongs to; null for an operator, who belongs to none (docs/storefronts.md). */
  storefront_id: number | null;
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
  /** 1: "remember me" (TOKEN_TTL_DAYS); 0: ends after a day without use. */
  remember: Generated<number>;
  /** When the password (or a 2FA code) was last confirmed on this session. */
  confirmed_at: Generated<string | null>;
  /** Why it was revoked (accounts' SessionEnd), so the signed-out device can say so; null: not said. */
  revoked_reason: Generated<string | null>;
}

/** A password-reset link: only the SHA-256 of its token, single use, valid 30 minutes. */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface TrustedDevicesTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  /** HMAC of the address the device signed in from: that address counts as known too. */
  address_mac: string | null;
}

export interface GoogleTokensSeenTable {
  token_hash: string;
  expires_at: string;
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
  /** `#rrggbb` of the browser's bar and the installed app; null: the app's own (settings/pwa THEME). */
  theme_color: string | null;
}

export interface SlidersTable {
  id: Generated<number>;
  img: string | null;
  link: string | null;
  sort: number;
  /** Whose home page shows it (1: the provider's own store, the default). */
  storefront_id: Generated<number>;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  img: string | null;
  available: number;
  sort: number;
  /** Other names the category is searched by ("pubg" for ببجي); empty when none. */
  keywords: Generated<string>;
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
  /** Other words the store search finds the product by (docs/catalog.md#search). */
  keywords: Generated<string>;
  sort: number;
  delivery: Generated<'manual' | 'stock' | 'supplier'>;
  low_stock_threshold: Generated<number>;
  /** 1 once the operator was told the stock fell to the threshold; reset when codes are added. */
  low_stock_notified: Generated<number>;
  supplier_id: number | null;
  supplier_product_id: string | null;
  /** The operator's steps for using what was delivered (where to enter the code); null: none. */
  redeem_instructions: string | null;
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
  delivery: Generated<'manual' | 'stock' | 'supplier'>;
  /** The delivered codes, a JSON array encrypted with the app key. */
  codes_enc: string | null;
  /** The storefront it was placed on (1: the provider's own store). */
  storefront_id: Generated<number>;
  /**
   * The provider's price at that moment (USD micros) beside `price`, the storefront's; null on
   * orders placed before storefront prices, which were charged it: `price`.
   */
  provider_price: number | null;
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
  /** The account holder's name shown with the IBAN; empty when not set. */
  holder: Generated<string>;
  /** What customers transfer in (USD, SYP, TRY) and local units per 1 USD in micros (docs/topups.md#currencies). */
  currency: Generated<'USD' | 'SYP' | 'TRY'>;
  rate: Generated<number>;
  /** Whose customers transfer to it (1: the provider's own store, the default). */
  storefront_id: Generated<number>;
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
  /** Bank transfer number as the customer typed it (`TRX-4455`), shown and exported that way. */
  transfer_ref: string | null;
  /** Its normalised copy, matched on (`TRX4455`: upper case, no spaces, dashes, dots or slashes). */
  transfer_ref_key: string | null;
  /** The bank's currency and rate (micros per USD) when the request was made; `amount` is the dollars credited. */
  currency: Generated<'USD' | 'SYP' | 'TRY'>;
  rate: Generated<number>;
  /** What the customer transferred, in `currency` (micros). */
  amount_local: number | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  /** null: a store-wide notice shown to every customer (of `storefront_id` when set). */
  user_id: number | null;
  title: string;
  msg: string;
  created_at: string;
  order_id: number | null;
  /** A store-wide notice's storefront; null: every storefront's customers. */
  storefront_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PartnersTable {
  id: Generated<number>;
  name: string;
  img: string | null;
  address: string;
  phone: string;
  sort: number;
  /** Whose agents page lists it (1: the provider's own store, the default). */
  storefront_id: Generated<number>;
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

export interface SuppliersTable {
  id: Generated<number>;
  name: string;
  kind: 'raseed';
  base_url: string;
  email: string | null;
  /** Credentials upstream, encrypted with the app key; never returned by the API. */
  password_enc: string | null;
  token_enc: string | null;
  /** The webhook we registered at the supplier: its id there, its sealed secret, the URL it calls, when. */
  hook_id: string | null;
  hook_secret_enc: string | null;
  hook_url: string | null;
  hook_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The `webhook-id` of each delivery a supplier sent us: a replay is recognised and ignored. */
export interface SupplierHookEventsTable {
  supplier_id: number;
  event_id: string;
  received_at: string;
}

export interface ProductCodesTable {
  id: Generated<number>;
  product_id: number;
  code_enc: string;
  /** HMAC of the code with the app key: finds duplicates without keeping the code in clear. */
  code_hash: string;
  serial_enc: string | null;
  expires_at: string | null;
  status: 'available' | 'sold';
  order_id: number | null;
  sold_at: string | null;
  created_at: string;
}

export interface OrderOutboxTable {
  id: Generated<number>;
  order_id: number;
  supplier_id: number;
  state: 'send' | 'follow' | 'done' | 'attention';
  attempts: number;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  upstream_order_id: string | null;
  /** The Idempotency-Key every attempt sends upstream, chosen with the order; null: made before it was stored. */
  idempotency_key: string | null;
  /** The request that queued this job: the worker logs under its id (kernel/request-context.ts). */
  req_id: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

export interface DebtEntriesTable {
  id: Generated<number>;
  user_id: number;
  kind: 'lend' | 'repay';
  amount: number;
  debt_after: number;
  reason: string;
  actor_id: number;
  created_at: string;
}
export type {
  NumberActivationsTable,
  NumberProvidersTable,
  NumberServicesTable,
  NumberStatus,
  NumberStep,
} from './number-tables';

/** One status change of an order, written beside the UPDATE that made it (issue 13). */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  from_status: OrdersTable['status'];
  status: OrdersTable['status'];
  created_at: string;
}

/** The newest notification id a customer has seen; anything above it is unread. */
export interface NotificationReadsTable {
  user_id: number;
  last_read_id: number;
  updated_at: string;
}

/** The id of the key the store's HMACs are made with (HMAC_KEY), recorded at the first start. */
export interface MacKeyTable {
  id: number;
  key_id: string;
  recorded_at: string;
}

/** One row (id 1) when the demo seed made this database (migration 2026-11-26-15-demo-store). */
export interface DemoStoreTable {
  id: number;
  created_at: string;
}

/** A demo sign-in: its password sealed, and the hash it was seeded with (changed = no longer printed). */
export interface DemoAccountsTable {
  user_id: number;
  password_enc: string;
  password_hash: string;
  setup_key_enc: string | null;
}

export interface Database {
  mac_key: MacKeyTable;
  demo_store: DemoStoreTable;
  demo_accounts: DemoAccountsTable;
  orders_by_hour: OrdersByHourTable;
  numbers_by_hour: NumbersByHourTable;
  charges_by_hour: ChargesByHourTable;
  customers_by_hour: CustomersByHourTable;
  sales_by_product_day: SalesByProductDayTable;
  dashboard_summaries: DashboardSummariesTable;
  number_providers: NumberProvidersTable;
  number_services: NumberServicesTable;
  number_activations: NumberActivationsTable;
  suppliers: SuppliersTable;
  supplier_hook_events: SupplierHookEventsTable;
  product_codes: ProductCodesTable;
  order_outbox: OrderOutboxTable;
  users: UsersTable;
  sessions: SessionsTable;
  trusted_devices: TrustedDevicesTable;
  password_resets: PasswordResetsTable;
  google_tokens_seen: GoogleTokensSeenTable;
  two_factor_challenges: TwoFactorChallengesTable;
  backup_codes: BackupCodesTable;
  settings: SettingsTable;
  sliders: SlidersTable;
  categories: CategoriesTable;
  departments: DepartmentsTable;
  products: ProductsTable;
  orders: OrdersTable;
  ledger: LedgerTable;
  debt_entries: DebtEntriesTable;
  banks: BanksTable;
  charges: ChargesTable;
  notifications: NotificationsTable;
  partners: PartnersTable;
  audit_log: AuditLogTable;
  order_events: OrderEventsTable;
  notification_reads: NotificationReadsTable;
}

export type DB = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

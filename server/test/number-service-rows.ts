import type { DB } from '../src/db/database';

/** A numbers provider and one service (WhatsApp, Indonesia, 1.25 $) as rows: nothing is asked of it. */
export async function insertNumberService(db: DB): Promise<{ provider: number; service: number }> {
  const at = new Date().toISOString();
  const provider = await db
    .insertInto('number_providers')
    .values({
      name: 'مزود الأرقام',
      base_url: 'http://127.0.0.1:9',
      api_key_enc: '',
      window_minutes: 20,
      synced_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const service = await db
    .insertInto('number_services')
    .values({
      provider_id: provider.id,
      service: 'wa',
      country: '6',
      name: 'واتساب',
      country_name: 'إندونيسيا',
      price: 1_250_000,
      price_syr: 0,
      price_tr: 0,
      cost: null,
      available_count: 0,
      active: 1,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { provider: provider.id, service: service.id };
}

import type { Sealer } from '../kernel/sealing';
import { work } from '../kernel/unit-of-work';
import { randomBytes } from 'node:crypto';
import { demoPassword, recordDemoStore } from '../modules/demo';
import { applyPrices, createService, saveProvider } from '../modules/numbers';
import { parseMoney } from '@raseed/contract';
import { hashPassword } from '../modules/accounts';
import { codeHash, createSupplier, insertCodes } from '../modules/fulfilment';
import { catalogTables } from '../modules/catalog';
import { notify } from '../modules/notifications';
import { saveSettingsRow } from '../modules/settings';
import { PROVIDER_STOREFRONT } from '../kernel/http/storefront';
import { insertUser } from '../modules/accounts';
import { newTotpSecret } from '../modules/accounts';
import { turnOnTwoFactor } from '../modules/accounts';
import type { Storage } from '../kernel/storage';
import { now } from '../kernel/time';
import { credit } from '../modules/wallet';
import type { DB } from '../db/database';
import { categories, partners, banks } from './demo-catalog';
import { cardSvg, logoSvg } from './images';
import { DEMO_NUMBER_SERVICES, DEMO_NUMBERS_HOST, DEMO_NUMBERS_KEY } from './demo-numbers-provider';
import { DEMO_SUPPLIER_HOST, DEMO_SUPPLIER_LOGIN, DEMO_SUPPLIER_PRODUCTS } from './demo-supplier';

/** The operator comes with two-factor on (the console requires it): `setupKey` goes into an authenticator app. */
export type DemoCredentials = {
  customer: { email: string; password: string };
  operator: { email: string; password: string; setupKey: string };
};

const usd = (s: string) => parseMoney(s)!;

async function image(storage: Storage, key: string, svg: string): Promise<string> {
  await storage.put(`public/${key}.svg`, Buffer.from(svg), 'image/svg+xml');
  return `/media/${key}.svg`;
}

/**
 * Seeds a believable Arabic store on an empty database; returns the demo credentials. The store
 * is marked as the demo's (modules/demo), which starts its stand-in numbers provider and supplier
 * (demo-upstreams.ts) and lets every start print the sign-ins until their passwords change.
 */
export async function seedDemo(db: DB, storage: Storage, sealer: Sealer): Promise<DemoCredentials> {
  const t = now();
  const logo = await image(storage, 'demo/logo', logoSvg());
  const cover = await image(storage, 'demo/cover', cardSvg(3, 1200, 400));
  const creds: DemoCredentials = {
    customer: { email: 'customer@raseed.demo', password: demoPassword() },
    operator: { email: 'operator@raseed.demo', password: demoPassword(), setupKey: newTotpSecret() },
  };

  await work(db, async (trx) => {
    await saveSettingsRow(trx, PROVIDER_STOREFRONT, {
      name: 'متجر رصيد',
      logo,
      cover,
      news: 'عروض نهاية الأسبوع: خصم حتى 15% على شدات ببجي وجواهر فري فاير — الشحن خلال دقائق',
      whatsapp: '+963944000111',
      facebook: 'https://facebook.com/raseed.store',
      telegram: 'https://t.me/raseed_store',
      instagram: 'https://instagram.com/raseed.store',
      // Number purchases on: the demo's numbers provider answers them.
      online: 1,
      currency_mode: 'usd',
      updated_at: t,
    });

    for (let i = 0; i < 3; i++) {
      await catalogTables.sliders.insert(trx, {
        img: await image(storage, `demo/slide-${i + 1}`, cardSvg(i + 4, 1200, 450)),
        link: null,
        sort: i,
      });
    }

    let seed = 0;
    for (const [ci, cat] of categories.entries()) {
      const { id: categoryId } = await catalogTables.categories.insert(trx, {
        name: cat.name,
        keywords: cat.keywords ?? '',
        img: await image(storage, `demo/category-${ci + 1}`, cardSvg(seed++)),
        available: cat.available ? 1 : 0,
        sort: ci,
      });
      for (const [di, dep] of cat.departments.entries()) {
        const { id: departmentId } = await catalogTables.departments.insert(trx, {
          category_id: categoryId,
          name: dep.name,
          img: await image(storage, `demo/department-${ci + 1}-${di + 1}`, cardSvg(seed++)),
          sort: di,
        });
        for (const [pi, p] of dep.products.entries()) {
          const { id: productId } = await catalogTables.products.insert(trx, {
            category_id: categoryId,
            department_id: departmentId,
            name: p.name,
            keywords: p.keywords ?? '',
            img: await image(storage, `demo/product-${ci + 1}-${di + 1}-${pi + 1}`, cardSvg(seed++)),
            info: p.info,
            available: p.available === false ? 0 : 1,
            price: usd(p.usd),
            price_syr: usd(p.syp),
            price_tr: usd(p.try),
            is_discount: p.discount ? 1 : 0,
            discount: p.discount ?? 0,
            type: p.type,
            free: p.free ? 1 : 0,
            min: p.free?.min ?? 1,
            max: p.free?.max ?? 1,
            unit_price: usd(p.free?.unit ?? '0'),
            unit_price_tr: usd(p.free?.unitTry ?? '0'),
            player_resolver: p.resolver ?? null,
            sort: pi,
            delivery: p.stock === undefined ? 'manual' : 'stock',
            redeem_instructions: p.redeem ?? null,
          });
          if (p.stock) await stockDemoCodes(trx, sealer, productId, p.stock);
        }
      }
    }

    for (const [i, b] of banks.entries()) {
      await catalogTables.banks.insert(trx, {
        ...b,
        img: await image(storage, `demo/bank-${i + 1}`, cardSvg(i + 2, 300, 200)),
        sort: i,
      });
    }
    for (const [i, p] of partners.entries()) {
      await catalogTables.partners.insert(trx, {
        ...p,
        img: await image(storage, `demo/partner-${i + 1}`, cardSvg(i + 5, 300, 300)),
        sort: i,
      });
    }

    const [customerHash, operatorHash] = await Promise.all([
      hashPassword(creds.customer.password),
      hashPassword(creds.operator.password),
    ]);
    const customerId = await insertUser(trx, {
      email: creds.customer.email,
      name: 'أحمد التجريبي',
      phone: '+963944000222',
      passwordHash: customerHash,
      role: 'customer',
    });
    await credit(trx, customerId, usd('50'), 'رصيد ترحيبي للحساب التجريبي', { type: 'seed', id: null });
    const operatorId = await insertUser(trx, {
      email: creds.operator.email,
      name: 'مشرف المتجر',
      phone: '+963944000333',
      passwordHash: operatorHash,
      role: 'operator',
    });
    await turnOnTwoFactor(trx, sealer, operatorId, creds.operator.setupKey);
    await recordDemoStore(trx, sealer, [
      { userId: customerId, password: creds.customer.password, passwordHash: customerHash, setupKey: null },
      {
        userId: operatorId,
        password: creds.operator.password,
        passwordHash: operatorHash,
        setupKey: creds.operator.setupKey,
      },
    ]);
    await seedDemoUpstreams(trx, storage, sealer, operatorId, categories.length);
    await notify(
      trx,
      null,
      'أهلاً بكم في متجر رصيد',
      'اشحن رصيدك عبر التحويل البنكي واطلب شحن ألعابك المفضلة في دقائق.',
    );
  });
  return creds;
}

/**
 * The demo's numbers provider with the services it sells, and its supplier with a category of
 * cards delivered through it; both named by the demo's stand-ins (demo-upstreams.ts), whose
 * labels say they are the demo's.
 */
async function seedDemoUpstreams(trx: DB, storage: Storage, sealer: Sealer, operatorId: number, sort: number) {
  const provider = await saveProvider(trx, sealer, operatorId, {
    name: 'مزوّد الأرقام التجريبي (وهمي)',
    base_url: `http://${DEMO_NUMBERS_HOST}`,
    api_key: DEMO_NUMBERS_KEY,
    window_minutes: 20,
  });
  for (const n of DEMO_NUMBER_SERVICES)
    await createService(trx, operatorId, {
      service: n.service,
      country: n.country,
      name: n.name,
      country_name: n.country_name,
      price: usd(n.usd),
      price_syr: usd(n.syp),
      price_tr: usd(n.try),
      active: true,
    });
  // What the provider's price list says (as its first sync would): numbers in stock from the start.
  const prices = DEMO_NUMBER_SERVICES.map((n) => ({
    service: n.service,
    country: n.country,
    cost: usd('0.30'),
    count: 500,
  }));
  await applyPrices(trx, operatorId, provider.id, prices);
  const supplier = await createSupplier(trx, sealer, operatorId, {
    name: 'المورد التجريبي (وهمي)',
    kind: 'raseed',
    base_url: `http://${DEMO_SUPPLIER_HOST}`,
    email: DEMO_SUPPLIER_LOGIN.email,
    password: DEMO_SUPPLIER_LOGIN.password,
  });
  const { id: categoryId } = await catalogTables.categories.insert(trx, {
    name: 'بطاقات عبر المورد',
    keywords: 'supplier google play مورد',
    img: await image(storage, 'demo/category-supplier', cardSvg(sort + 7)),
    available: 1,
    sort,
  });
  const { id: departmentId } = await catalogTables.departments.insert(trx, {
    category_id: categoryId,
    name: 'بطاقات جوجل بلاي',
    img: await image(storage, 'demo/department-supplier', cardSvg(sort + 8)),
    sort: 0,
  });
  const products = [
    {
      name: 'جوجل بلاي 15$ — عبر المورد التجريبي',
      info: 'يُطلب الكود من المورد التجريبي ويصل خلال ثوانٍ. للعرض فقط: الكود وهمي.',
      type: 'code' as const,
      upstream: DEMO_SUPPLIER_PRODUCTS.card,
      price: ['15.60', '218000', '518.00'],
    },
    {
      name: 'شحن مباشر عبر المورد (تجريبي)',
      info: 'يُحوَّل الطلب إلى المورد التجريبي الذي ينفذه خلال ثوانٍ.',
      type: 'id' as const,
      upstream: DEMO_SUPPLIER_PRODUCTS.topUp,
      price: ['2.00', '28000', '66.00'],
    },
  ];
  for (const [i, p] of products.entries())
    await catalogTables.products.insert(trx, {
      category_id: categoryId,
      department_id: departmentId,
      name: p.name,
      keywords: 'مورد supplier',
      img: await image(storage, `demo/product-supplier-${i + 1}`, cardSvg(sort + 9 + i)),
      info: p.info,
      available: 1,
      price: usd(p.price[0]!),
      price_syr: usd(p.price[1]!),
      price_tr: usd(p.price[2]!),
      is_discount: 0,
      discount: 0,
      type: p.type,
      free: 0,
      min: 1,
      max: 1,
      unit_price: 0,
      unit_price_tr: 0,
      player_resolver: null,
      sort: i,
      delivery: 'supplier',
      supplier_id: supplier.id,
      supplier_product_id: p.upstream,
      redeem_instructions: null,
    });
}

/** Made-up gift-card codes, stored the way an operator's upload stores them (encrypted, hashed). */
async function stockDemoCodes(trx: DB, sealer: Sealer, productId: number, count: number): Promise<void> {
  const t = now();
  const group = () => randomBytes(3).toString('hex').toUpperCase().slice(0, 4);
  const rows = Array.from({ length: count }, () => {
    const code = `DEMO-${group()}-${group()}-${group()}`;
    return {
      product_id: productId,
      code_enc: sealer.seal(code),
      code_hash: codeHash(sealer, productId, code),
      serial_enc: null,
      expires_at: null,
      status: 'available' as const,
      created_at: t,
    };
  });
  await insertCodes(trx, rows);
}

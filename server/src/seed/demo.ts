import type { Sealer } from '../kernel/sealing';
import { work } from '../kernel/unit-of-work';
import { randomBytes } from 'node:crypto';
import { parseMoney } from '@raseed/contract';
import { hashPassword } from '../modules/accounts';
import { codeHash, insertCodes } from '../modules/fulfilment';
import {
  banksRepo,
  categoriesRepo,
  departmentsRepo,
  partnersRepo,
  productsRepo,
  slidersRepo,
} from '../modules/catalog';
import { notify } from '../modules/notifications';
import { saveSettingsRow } from '../modules/settings';
import { insertUser } from '../modules/accounts';
import { newTotpSecret, otpauthUri } from '../modules/accounts';
import { turnOnTwoFactor } from '../modules/accounts';
import type { Storage } from '../kernel/storage';
import { now } from '../kernel/time';
import { credit } from '../modules/wallet';
import type { DB } from '../db/database';
import { categories, partners, banks } from './demo-catalog';
import { cardSvg, logoSvg } from './images';

/** The operator comes with two-factor on (the console requires it): `setupKey` goes into an authenticator app. */
export type DemoCredentials = {
  customer: { email: string; password: string };
  operator: { email: string; password: string; setupKey: string; otpauth: string };
};

const usd = (s: string) => parseMoney(s)!;

async function image(storage: Storage, key: string, svg: string): Promise<string> {
  await storage.put(`public/${key}.svg`, Buffer.from(svg), 'image/svg+xml');
  return `/media/${key}.svg`;
}

function password(): string {
  return randomBytes(9).toString('base64url');
}

/** Seeds a believable Arabic store on an empty database; returns the demo credentials. */
export async function seedDemo(db: DB, storage: Storage, sealer: Sealer): Promise<DemoCredentials> {
  const t = now();
  const logo = await image(storage, 'demo/logo', logoSvg());
  const cover = await image(storage, 'demo/cover', cardSvg(3, 1200, 400));
  const creds: DemoCredentials = {
    customer: { email: 'customer@raseed.demo', password: password() },
    operator: (() => {
      const setupKey = newTotpSecret();
      return {
        email: 'operator@raseed.demo',
        password: password(),
        setupKey,
        otpauth: otpauthUri(setupKey, 'operator@raseed.demo', 'Raseed'),
      };
    })(),
  };

  await work(db, async (trx) => {
    await saveSettingsRow(trx, {
      name: 'متجر رصيد',
      logo,
      cover,
      news: 'عروض نهاية الأسبوع: خصم حتى 15% على شدات ببجي وجواهر فري فاير — الشحن خلال دقائق',
      whatsapp: '+963944000111',
      facebook: 'https://facebook.com/raseed.store',
      telegram: 'https://t.me/raseed_store',
      instagram: 'https://instagram.com/raseed.store',
      online: 0,
      currency_mode: 'usd',
      updated_at: t,
    });

    for (let i = 0; i < 3; i++) {
      await slidersRepo.insert(trx, {
        img: await image(storage, `demo/slide-${i + 1}`, cardSvg(i + 4, 1200, 450)),
        link: null,
        sort: i,
      });
    }

    let seed = 0;
    for (const [ci, cat] of categories.entries()) {
      const { id: categoryId } = await categoriesRepo.insert(trx, {
        name: cat.name,
        keywords: cat.keywords ?? '',
        img: await image(storage, `demo/category-${ci + 1}`, cardSvg(seed++)),
        available: cat.available ? 1 : 0,
        sort: ci,
      });
      for (const [di, dep] of cat.departments.entries()) {
        const { id: departmentId } = await departmentsRepo.insert(trx, {
          category_id: categoryId,
          name: dep.name,
          img: await image(storage, `demo/department-${ci + 1}-${di + 1}`, cardSvg(seed++)),
          sort: di,
        });
        for (const [pi, p] of dep.products.entries()) {
          const { id: productId } = await productsRepo.insert(trx, {
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
      await banksRepo.insert(trx, {
        ...b,
        img: await image(storage, `demo/bank-${i + 1}`, cardSvg(i + 2, 300, 200)),
        sort: i,
      });
    }
    for (const [i, p] of partners.entries()) {
      await partnersRepo.insert(trx, {
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
    await notify(
      trx,
      null,
      'أهلاً بكم في متجر رصيد',
      'اشحن رصيدك عبر التحويل البنكي واطلب شحن ألعابك المفضلة في دقائق.',
    );
  });
  return creds;
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

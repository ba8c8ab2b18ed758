import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, stockProduct } from '@/testing/console-fixtures';
import { storeSession } from '@/testing/fixtures';
import { json } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { A, consoleApi, najma, provider, secured } from './storefront-fixtures';

const category = { id: 2, name: 'بطاقات', img: null, available: true, keywords: '', sort: 0 };
const paginate = { nextPage: null, backPage: null };
const rule = { storefront_id: 2, kind: 'category' as const, id: 2, markup_percent: 20, hidden: false };

describe('a storefront’s prices', () => {
  it('sets its markup, a category’s own markup, hides a product and clears a rule', async () => {
    storeSession(secured);
    const sent: Array<{ method: string; path: string; storefront: string | null; body: unknown }> = [];
    const record = (reply: unknown) => async (request: Request) => {
      const url = new URL(request.url);
      const body = request.method === 'DELETE' ? undefined : await request.json();
      sent.push({ method: request.method, path: url.pathname, storefront: url.searchParams.get('storefront'), body });
      return json(reply);
    };
    const price = (over: object) => ok({ price: { ...rule, ...over } });
    consoleApi({
      [`GET ${A}/storefronts`]: ok({ storefronts: [provider, najma] }),
      [`GET ${A}/storefront-prices`]: ok({ markup_percent: 10, prices: [rule] }),
      [`GET ${A}/categories`]: ok({ categories: [category] }),
      [`GET ${A}/products`]: ok({
        products: [stockProduct, { ...stockProduct, id: 10, name: 'بطاقة ستيم' }],
        paginate,
      }),
      [`PATCH ${A}/storefronts/2`]: record(ok({ storefront: { ...najma, markup_percent: 15 } })),
      [`PUT ${A}/categories/2/storefront-price`]: record(price({ markup_percent: 25 })),
      [`PUT ${A}/products/9/storefront-price`]: record(price({ kind: 'product', id: 9, hidden: true })),
      [`DELETE ${A}/categories/2/storefront-price`]: record({ status: 'success', data: null }),
    });
    const { user } = renderApp('/admin/prices?storefront=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'أسعار المتجر: متجر النجمة' })).toBeInTheDocument();

    const markup = await screen.findByLabelText('نسبة زيادة المتجر (%)');
    expect(markup).toHaveValue('10');
    await user.clear(markup);
    await user.type(markup, '15');
    await user.click(screen.getByRole('button', { name: 'حفظ النسبة' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PATCH',
      path: `${A}/storefronts/2`,
      storefront: null,
      body: { markup_percent: 15 },
    });

    // The category has its own 20 %: its products sell at it, not at the storefront's 10 %.
    const cat = screen.getByRole('form', { name: 'بطاقات' });
    expect(within(cat).getByText('نسبة خاصة 20%')).toBeInTheDocument();
    const own = within(cat).getByLabelText('نسبة خاصة (%)');
    expect(own).toHaveValue('20');
    await user.clear(own);
    await user.type(own, '1000.5');
    await user.click(within(cat).getByRole('button', { name: 'حفظ' }));
    expect(own).toHaveAccessibleDescription(/بين 0 و1000/);
    await user.clear(own);
    await user.type(own, '25');
    await user.click(within(cat).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ method: 'PUT', storefront: '2', body: { markup_percent: 25, hidden: false } });

    await user.click(screen.getByRole('button', { name: 'عرض المنتجات: بطاقات' }));
    const product = await screen.findByRole('form', { name: 'بطاقة آيتونز 10$' });
    expect(within(product).getByText('سعر المزود 10.50 $ ← في هذا المتجر 12.60 $')).toBeInTheDocument();
    expect(within(product).getByLabelText('نسبة خاصة (%)')).toHaveAccessibleDescription('فارغ: النسبة الأعم (20%)');
    await user.click(within(product).getByLabelText('مخفي في هذا المتجر'));
    await user.click(within(product).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toEqual({
      method: 'PUT',
      path: `${A}/products/9/storefront-price`,
      storefront: '2',
      body: { markup_percent: null, hidden: true },
    });

    await user.click(within(cat).getByRole('button', { name: 'إزالة القاعدة' }));
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(sent[3]).toMatchObject({ method: 'DELETE', path: `${A}/categories/2/storefront-price`, storefront: '2' });
  });
});

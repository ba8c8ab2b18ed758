import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { categories, product } from './catalog-fixtures';

/** What GET /search answers in these tests: one of each kind, and two products. */
const found = {
  status: 'success',
  data: {
    categories: [categories[0]],
    departments: [{ id: 4, name: 'شدات ببجي (UC)', img: null, category_id: 1, category_name: 'PUBG Mobile' }],
    products: [product({ id: 11, name: '660 شدة' }), product({ id: 12, name: '60 شدة', price: '0.99' })],
  },
};
const nothing = { status: 'success', data: { categories: [], departments: [], products: [] } };

function home(
  list = categories,
  sliders = [{ id: 1, img: null, link: null }],
  onSearch: (q: string) => unknown = () => nothing,
) {
  storeSession();
  const fetchMock = mockApi({
    'GET /setting': { status: 'success', data: { setting: { ...testSettings, news: null }, sliders } },
    'GET /categories': { status: 'success', data: { categories: list } },
    'GET /search': (r: Request) => {
      const answer = onSearch(new URL(r.url).searchParams.get('q') ?? '');
      return answer instanceof Response ? answer : json(answer);
    },
  });
  return { fetchMock, ...renderApp('/') };
}

describe('home page', () => {
  it(
    'shows the categories: available ones link to their page, ' + 'unavailable ones carry the red badge and no link',
    async () => {
      home();
      const link = await screen.findByRole('link', { name: /PUBG Mobile/ });
      expect(link).toHaveAttribute('href', '/categories/1');
      const fortnite = screen.getByText('فورتنايت');
      expect(fortnite.closest('a')).toBeNull();
      expect(within(fortnite.parentElement!).getByText('غير متوفر')).toBeInTheDocument();
    },
  );

  it('shows the default news text and a gradient placeholder for a slide without an image', async () => {
    home();
    expect(await screen.findByText('أهلاً وسهلاً بكم في متجرنا')).toBeInTheDocument();
    const slider = await screen.findByRole('region', { name: 'عروض المتجر' });
    expect(slider.querySelector('img')).toBeNull();
    expect(slider.querySelector('[class*="bg-gradient"]')).not.toBeNull();
  });

  it('searches 500 ms after the last key and shows the finds grouped by kind, in place of the grid', async () => {
    const asked: string[] = [];
    const { user } = home(categories, [{ id: 1, img: null, link: null }], (q) => {
      asked.push(q);
      return found;
    });
    await screen.findByRole('link', { name: /PUBG Mobile/ });
    await user.type(screen.getByLabelText('ابحث عن قسم أو منتج...'), 'شدة');
    // Not yet: the search waits for typing to settle, and asks once for the whole word.
    expect(screen.getByRole('region', { name: 'عروض المتجر' })).toBeInTheDocument();
    const results = await screen.findByRole('region', { name: 'نتائج البحث' });
    expect(await within(results).findByText('عدد النتائج: 4')).toHaveAttribute('role', 'status');
    expect(asked).toEqual(['شدة']);
    expect(screen.queryByRole('region', { name: 'عروض المتجر' })).not.toBeInTheDocument();

    const groups = within(results)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(groups).toEqual(['الأقسام (1)', 'الأقسام الفرعية (1)', 'المنتجات (2)']);
    expect(within(results).getByRole('link', { name: 'PUBG Mobile' })).toHaveAttribute('href', '/categories/1');
    const department = within(results).getByRole('link', { name: /شدات ببجي \(UC\)/ });
    expect(department).toHaveAttribute('href', '/departments/4');
    // A department says which game it belongs to.
    expect(department).toHaveTextContent('PUBG Mobile');
    const uc = within(results).getByRole('link', { name: /660 شدة/ });
    expect(uc).toHaveAttribute('href', '/products/11');
    expect(uc).toHaveTextContent('9.50 $');
  });

  it('says when nothing matches and offers every category again', async () => {
    const { user } = home(categories, [{ id: 1, img: null, link: null }], () => nothing);
    await screen.findByRole('link', { name: /PUBG Mobile/ });
    await user.type(screen.getByLabelText('ابحث عن قسم أو منتج...'), 'لا شيء');
    expect(await screen.findByText('لا توجد نتائج')).toBeInTheDocument();
    expect(screen.getByText('لا يوجد قسم أو منتج يطابق "لا شيء".')).toBeInTheDocument();
    expect(screen.queryByText('القسم غير متوفر حالياً')).not.toBeInTheDocument();
    // The way back: one tap shows every category again.
    await user.click(screen.getByRole('button', { name: 'عرض كل الأقسام' }));
    expect(await screen.findByRole('link', { name: /فري فاير/ })).toBeInTheDocument();
    expect(screen.getByLabelText('ابحث عن قسم أو منتج...')).toHaveValue('');
  });

  it('a failed search says what failed and retries', async () => {
    let fail = true;
    const failed: string[] = [];
    const { user } = home(categories, [{ id: 1, img: null, link: null }], (q) => {
      if (!fail) return found;
      failed.push(q);
      return json({ status: 'error', msg: 'الخدمة مشغولة' }, 503);
    });
    await screen.findByRole('link', { name: /PUBG Mobile/ });
    await user.type(screen.getByLabelText('ابحث عن قسم أو منتج...'), 'pubg');
    // Said after the first failure, not after retries (counted, not timed: CI's cores are busy).
    expect(await screen.findByText('تعذّر تحميل نتائج البحث')).toBeInTheDocument();
    expect(failed.filter((q) => q === 'pubg')).toHaveLength(1);
    expect(screen.getByText('الخدمة مشغولة')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByRole('link', { name: /660 شدة/ })).toBeInTheDocument();
  });

  it('puts the search above the slider and opens already searched from ?q=', async () => {
    storeSession();
    const asked: string[] = [];
    mockApi({
      'GET /setting': {
        status: 'success',
        data: { setting: testSettings, sliders: [{ id: 1, img: null, link: null }] },
      },
      'GET /categories': { status: 'success', data: { categories } },
      'GET /search': (r: Request) => {
        asked.push(new URL(r.url).searchParams.get('q') ?? '');
        return json(found);
      },
    });
    renderApp('/?q=فري');
    expect(await screen.findByRole('region', { name: 'نتائج البحث' })).toBeInTheDocument();
    expect(asked).toEqual(['فري']);
    const search = screen.getByLabelText('ابحث عن قسم أو منتج...');
    expect(search).toHaveValue('فري');
    // Cleared, the slider comes back below the search box.
    await userEvent.setup().clear(search);
    const slider = await screen.findByRole('region', { name: 'عروض المتجر' });
    expect(search.compareDocumentPosition(slider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("on a desktop the header's box is the page's one search: typed there, the home page searches", async () => {
    const asked: string[] = [];
    const { user, router } = home(categories, [], (q) => {
      asked.push(q);
      return found;
    });
    await screen.findByRole('link', { name: /PUBG Mobile/ });
    const header = screen.getByRole('banner');
    await user.type(within(header).getByLabelText('ابحث في الأقسام والمنتجات'), 'شدة');
    expect(await screen.findByRole('region', { name: 'نتائج البحث' })).toBeInTheDocument();
    // The region shows before its query is sent; on a loaded machine a slow key may settle a prefix first.
    await waitFor(() => expect(asked.at(-1)).toBe('شدة'));
    expect(await screen.findByRole('link', { name: /660 شدة/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('شدة')}`);
    // The page's own box (hidden from 1280 px) says the same: one search, not two.
    expect(screen.getByLabelText('ابحث عن قسم أو منتج...')).toHaveValue('شدة');
  });

  it('from another page the header search opens the home page searched', async () => {
    storeSession();
    mockApi({
      'GET /setting': { status: 'success', data: { setting: testSettings, sliders: [] } },
      'GET /categories': { status: 'success', data: { categories } },
      'GET /search': found,
    });
    const { user, router } = renderApp('/orders');
    const header = await screen.findByRole('banner');
    await user.type(within(header).getByLabelText('ابحث في الأقسام والمنتجات'), 'بطاقة 10{Enter}');
    expect(await screen.findByRole('region', { name: 'نتائج البحث' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('بطاقة 10');
  });

  it('says the section is not available when there are no categories', async () => {
    home([]);
    expect(await screen.findByText('القسم غير متوفر حالياً')).toBeInTheDocument();
  });
});

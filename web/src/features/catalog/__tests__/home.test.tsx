import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { categories } from './catalog-fixtures';

function home(list = categories, sliders = [{ id: 1, img: null, link: null }]) {
  storeSession();
  const fetchMock = mockApi({
    'GET /setting': { status: 'success', data: { setting: { ...testSettings, news: null }, sliders } },
    'GET /categories': { status: 'success', data: { categories: list } },
  });
  return { fetchMock, ...renderApp('/') };
}

describe('home page', () => {
  it(
    'shows the categories: available ones link to their page, ' + 'unavailable ones carry the red badge and no link',
    async () => {
      home();
      // The first screen of the file also pays for loading the route's modules.
      const link = await screen.findByRole('link', { name: /PUBG Mobile/ }, { timeout: 4000 });
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

  it('filters by name, ignoring case, 500 ms after the last key', async () => {
    const { user } = home();
    await screen.findByRole('link', { name: /PUBG Mobile/ });
    await user.type(screen.getByLabelText('ابحث عن قسم...'), 'pubg');
    // Not yet: the search waits for typing to settle.
    expect(screen.getByRole('link', { name: /فري فاير/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: /فري فاير/ })).not.toBeInTheDocument(), {
      timeout: 1500,
    });
    expect(screen.getByRole('link', { name: /PUBG Mobile/ })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('ابحث عن قسم...'));
    await user.type(screen.getByLabelText('ابحث عن قسم...'), 'لا شيء');
    expect(await screen.findByText('لا توجد نتائج', {}, { timeout: 1500 })).toBeInTheDocument();
    expect(screen.queryByText('القسم غير متوفر حالياً')).not.toBeInTheDocument();
    // The way back: one tap shows every category again.
    await user.click(screen.getByRole('button', { name: 'عرض كل الأقسام' }));
    expect(await screen.findByRole('link', { name: /فري فاير/ }, { timeout: 1500 })).toBeInTheDocument();
    expect(screen.getByLabelText('ابحث عن قسم...')).toHaveValue('');
  });

  it('also matches a category by its keywords (a Latin name)', async () => {
    const { user } = home();
    await screen.findByRole('link', { name: /فري فاير/ }, { timeout: 4000 });
    await user.type(screen.getByLabelText('ابحث عن قسم...'), 'FREE');
    await waitFor(() => expect(screen.queryByRole('link', { name: /PUBG Mobile/ })).not.toBeInTheDocument(), {
      timeout: 1500,
    });
    expect(screen.getByRole('link', { name: /فري فاير/ })).toBeInTheDocument();
  });

  it('puts the search above the slider and opens already filtered from ?q=', async () => {
    storeSession();
    mockApi({
      'GET /setting': {
        status: 'success',
        data: { setting: testSettings, sliders: [{ id: 1, img: null, link: null }] },
      },
      'GET /categories': { status: 'success', data: { categories } },
    });
    renderApp('/?q=فري');
    expect(await screen.findByRole('link', { name: /فري فاير/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: /PUBG Mobile/ })).not.toBeInTheDocument());
    const search = screen.getByLabelText('ابحث عن قسم...');
    expect(search).toHaveValue('فري');
    const slider = screen.getByRole('region', { name: 'عروض المتجر' });
    expect(search.compareDocumentPosition(slider) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says the section is not available when there are no categories', async () => {
    home([]);
    expect(await screen.findByText('القسم غير متوفر حالياً')).toBeInTheDocument();
  });
});

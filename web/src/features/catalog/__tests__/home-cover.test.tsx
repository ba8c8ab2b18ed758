import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { categories } from './catalog-fixtures';

function home(cover: string | null) {
  storeSession();
  mockApi({
    'GET /setting': { status: 'success', data: { setting: { ...testSettings, cover }, sliders: [] } },
    'GET /categories': { status: 'success', data: { categories } },
  });
  return renderApp('/');
}

describe('the cover image from settings', () => {
  it('is the desktop home banner, fetched only from 1024 px (phones keep the slider)', async () => {
    home('https://shop.example.com/media/store/cover.webp');
    const cover = await screen.findByRole('img', { name: 'صورة غلاف متجر رصيد' });
    const source = cover.closest('picture')!.querySelector('source')!;
    expect(source).toHaveAttribute('srcset', 'https://shop.example.com/media/store/cover.webp');
    expect(source).toHaveAttribute('media', '(min-width: 1024px)');
    // What a phone's <img> loads: an inline pixel, never the cover.
    expect(cover.getAttribute('src')).toMatch(/^data:image\/gif;base64,/);
    expect(cover.closest('div')!.className).toMatch(/hidden .*lg:block/);
  });

  it('shows nothing when the store has no cover', async () => {
    home(null);
    await screen.findByRole('link', { name: /PUBG Mobile/ });
    expect(screen.queryByTestId('home-cover')).not.toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

describe('unknown paths', () => {
  it('tell a guest the page does not exist, without sending them to /login', async () => {
    const { router } = renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no-such-page');
  });

  it('tell a signed-in customer the same, with a way home', async () => {
    storeSession();
    renderApp('/categories/3/extra');
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'الرئيسية' })).toHaveAttribute('href', '/');
  });
});

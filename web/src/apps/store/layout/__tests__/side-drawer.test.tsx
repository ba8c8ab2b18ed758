import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

async function openDrawer(path: string, online: boolean) {
  mockApi({ 'GET /setting': settingsReply({ ...testSettings, online }) });
  const app = renderApp(path);
  // The store name appears in the top bar once settings arrive; then the drawer has them too.
  await screen.findByText('متجر رصيد');
  await app.user.click(screen.getByRole('button', { name: 'القائمة' }));
  return { ...app, drawer: screen.getByRole('dialog', { name: 'متجر رصيد' }) };
}

describe('side drawer', () => {
  it('shows number purchases (/invoices) to a signed-in customer when the store is online', async () => {
    storeSession();
    const { drawer } = await openDrawer('/orders', true);
    expect(within(drawer).getByRole('link', { name: 'مشتريات الأرقام' })).toHaveAttribute('href', '/invoices');
  });

  it('hides /invoices when the store is not online', async () => {
    storeSession();
    const { drawer } = await openDrawer('/orders', false);
    expect(within(drawer).getByRole('link', { name: 'مشترياتي' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: 'مشتريات الأرقام' })).not.toBeInTheDocument();
  });

  it('hides /invoices and account links from a guest, who gets login and register', async () => {
    const { drawer } = await openDrawer('/login', true);
    expect(within(drawer).queryByRole('link', { name: 'مشتريات الأرقام' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('link', { name: 'الملف الشخصي' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'تسجيل الخروج' })).not.toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/login');
    expect(within(drawer).getByRole('link', { name: 'إنشاء حساب' })).toHaveAttribute('href', '/register');
  });

  it('lists every account screen for a signed-in customer', async () => {
    storeSession();
    const { drawer } = await openDrawer('/orders', true);
    const expected: Array<[string, string]> = [
      ['الرئيسية', '/'],
      ['الملف الشخصي', '/profile'],
      ['مشترياتي', '/orders'],
      ['شحن الرصيد', '/payments'],
      ['طلبات الشحن', '/charges'],
      ['حركة الرصيد', '/balances'],
      ['الوكلاء', '/partners'],
    ];
    for (const [name, href] of expected) {
      expect(within(drawer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(drawer).getByRole('link', { name: 'مشترياتي' })).toHaveAttribute('aria-current', 'page');
  });

  it('links WhatsApp charging and the social accounts that are set', async () => {
    const { drawer } = await openDrawer('/login', true);
    expect(within(drawer).getByRole('link', { name: 'شحن الرصيد عبر واتساب' })).toHaveAttribute(
      'href',
      'https://wa.me/963933111222',
    );
    expect(within(drawer).getByRole('link', { name: 'فيسبوك' })).toHaveAttribute('href', 'https://facebook.com/raseed');
    expect(within(drawer).getByRole('link', { name: 'إنستغرام' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/raseed.store',
    );
    expect(within(drawer).getByRole('link', { name: 'واتساب' })).toHaveAttribute('href', 'https://wa.me/963933111222');
    expect(within(drawer).queryByRole('link', { name: 'تيليجرام' })).not.toBeInTheDocument();
  });

  it('is a modal dialog that takes focus, closes on Escape and gives focus back', async () => {
    const { user, drawer } = await openDrawer('/login', true);
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(within(drawer).getByRole('button', { name: 'إغلاق القائمة' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'القائمة' })).toHaveFocus();
  });

  it('closes when the customer follows one of its links', async () => {
    const { user, drawer, router } = await openDrawer('/login', true);
    await user.click(within(drawer).getByRole('link', { name: 'إنشاء حساب' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'إنشاء حساب' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

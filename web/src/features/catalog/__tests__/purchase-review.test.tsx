import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testUser } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockProductApi, product } from './catalog-fixtures';

function productPage(p = product(), playerName = 'Falcon_6789') {
  const sent = mockProductApi(p, { playerName });
  return { sent, ...renderApp(`/products/${p.id}`) };
}

describe('the buying moment', () => {
  it(
    'shows product, player data, quantity, price and the balance now and ' +
      'after before anything is sent; رجوع keeps the form',
    async () => {
      storeSession({ ...testUser, balance: '50' });
      const { sent, user } = productPage();
      await user.type(await screen.findByLabelText('معرّف الحساب (ID)'), '5123456789');
      await user.type(screen.getByLabelText('اسم الحساب'), 'Falcon');
      await user.click(screen.getByRole('button', { name: 'شراء — 9.50 $' }));

      const dialog = await screen.findByRole('dialog', { name: 'راجع طلبك قبل الدفع' });
      const text = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
      expect(text('المنتج')).toBe('660 شدة');
      expect(text('معرّف الحساب (ID)')).toBe('5123456789');
      expect(text('اسم الحساب')).toBe('Falcon');
      expect(text('الكمية')).toBe('1');
      expect(text('السعر')).toBe('9.50 $');
      expect(text('رصيدك الآن')).toBe('50.00 $');
      expect(text('رصيدك بعد الشراء')).toBe('40.50 $');
      // The dialog moves focus to its confirm button once it has opened, not within the click.
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'تأكيد' })).toHaveFocus());

      await user.click(within(dialog).getByRole('button', { name: 'رجوع' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByLabelText('معرّف الحساب (ID)')).toHaveValue('5123456789');
      expect(sent).toHaveLength(0);
    },
  );

  it('offers a top-up instead of a buy button when the balance does not cover the price', async () => {
    storeSession({ ...testUser, balance: '5' });
    const { sent } = productPage();
    expect(await screen.findByText('رصيدك (5.00 $) لا يكفي لهذا الطلب (9.50 $).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اشحن رصيدك' })).toHaveAttribute('href', '/payments');
    expect(screen.queryByRole('button', { name: /^شراء/ })).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it(
    'free quantity: the price follows the quantity, so a bigger ' + 'one turns the button into a top-up offer',
    async () => {
      storeSession({ ...testUser, balance: '20' });
      productPage(product({ free: true, min: 100, max: 5000, unit_price: '0.015', unit_price_tr: '0.50' }));
      const qty = await screen.findByLabelText('الكمية');
      expect(screen.getByRole('button', { name: 'شراء — 1.50 $' })).toBeInTheDocument();
      fireEvent.change(qty, { target: { value: '5000' } });
      expect(await screen.findByRole('link', { name: 'اشحن رصيدك' })).toBeInTheDocument();
    },
  );

  it('typing ١٠٠٠ in the quantity gives 1000, and ids and quantities are left-to-right fields', async () => {
    storeSession();
    const { user } = productPage(
      product({ free: true, min: 100, max: 5000, unit_price: '0.015', unit_price_tr: '0.50' }),
    );
    const qty = await screen.findByLabelText('الكمية');
    await user.clear(qty);
    await user.type(qty, '١٠٠٠');
    expect(qty).toHaveValue('1000');
    expect(screen.getByText('15.00 $')).toBeInTheDocument();
    const player = screen.getByLabelText('معرّف الحساب (ID)');
    await user.type(player, '٥١٢٣۴');
    expect(player).toHaveValue('51234');
    expect(qty).toHaveAttribute('dir', 'ltr');
    expect(player).toHaveAttribute('dir', 'ltr');
  });

  it('says "not found" in Arabic and warns in the confirmation when buying for that id', async () => {
    storeSession();
    const { user } = productPage(product(), 'Not Found');
    await user.type(await screen.findByLabelText('معرّف الحساب (ID)'), '1234');
    await user.click(screen.getByRole('button', { name: 'تحقق من اللاعب' }));
    expect(await screen.findByText('لم يتم العثور على اللاعب')).toBeInTheDocument();
    expect(screen.queryByText(/Not Found/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^شراء/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('لم يتم العثور على اللاعب بهذا المعرّف');
  });

  it('a sold-out product says نفدت الكمية and offers no buy button', async () => {
    storeSession();
    productPage(product({ in_stock: false }));
    expect(await screen.findByText('نفدت الكمية')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^شراء/ })).not.toBeInTheDocument());
  });

  it('a discounted product shows the old price crossed out', async () => {
    storeSession();
    productPage(product({ is_discount: true, discount: 5, price: '9.50' }));
    const old = await screen.findByText('10.00 $');
    expect(old.closest('s')).not.toBeNull();
  });
});

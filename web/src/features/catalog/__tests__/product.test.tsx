import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testUser } from '@/testing/fixtures';
import { json } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { mockProductApi, product } from './catalog-fixtures';

function productPage(p = product(), orderReply: (r: Request) => Response | Promise<Response> = () => json({}, 500)) {
  const sent = mockProductApi(p, { order: orderReply });
  return { sent, ...renderApp(`/products/${p.id}`) };
}

const created = (balance: string) => () =>
  json(
    {
      status: 'success',
      msg: 'تم إرسال الطلب بنجاح',
      data: {
        order: {
          id: 5,
          status: 'pending',
          product: { id: 11, name: '660 شدة' },
          price: '9.50',
          data: '5123456789',
          phone: null,
          quantity: 1,
          cancel_msg: null,
          message: null,
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
          api: false,
          codes: [],
          delivery: 'manual',
        },
        user: { ...testUser, balance },
      },
    },
    201,
  );

describe('product page', () => {
  it('shows the heading, the info as plain text and the three prices', async () => {
    storeSession();
    productPage(product({ info: '<p>اشحن <b>فوراً</b></p><script>alert(1)</script>' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'تأكيد الشراء' })).toBeInTheDocument();
    const info = screen.getByText('اشحن فوراً');
    expect(info.querySelector('b')).toBeNull();
    expect(screen.queryByText(/alert/)).not.toBeInTheDocument();
    expect(screen.getByText('9.50 $')).toBeInTheDocument();
    expect(screen.getByText('316.00 ل.ت')).toBeInTheDocument();
    expect(screen.getByText('134,000 ل.س')).toBeInTheDocument();
  });

  it('shows a guest the login link instead of the buy button', async () => {
    productPage();
    expect(await screen.findByRole('link', { name: 'سجّل الدخول للشراء' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /^شراء/ })).not.toBeInTheDocument();
  });

  it('says an unavailable product is not available and offers no form', async () => {
    storeSession();
    productPage(product({ available: false }));
    expect(await screen.findByText('المنتج غير متوفر حالياً')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^شراء/ })).not.toBeInTheDocument();
  });

  it.each([
    ['id', 'معرّف الحساب (ID)', 'اسم الحساب'],
    ['account', 'اسم المستخدم / البريد الإلكتروني', 'كلمة المرور'],
    ['other', 'رقم الهاتف / رابط الصفحة', 'اسم الحساب'],
  ] as const)('labels the fields of a %s product', async (type, first, second) => {
    storeSession();
    productPage(product({ type }));
    expect(await screen.findByLabelText(first)).toBeInTheDocument();
    expect(screen.getByLabelText(second)).toHaveAttribute('type', type === 'account' ? 'password' : 'text');
  });

  it(
    'fixed order: requires the player id, checks the player, then ' + 'orders, updates the user and goes to /orders',
    async () => {
      storeSession();
      const { sent, user, router } = productPage(product(), created('0.50'));
      await user.click(await screen.findByRole('button', { name: /^شراء/ }));
      expect(await screen.findByText('يرجى إدخال رقم اللاعب')).toBeInTheDocument();
      expect(sent).toHaveLength(0);

      await user.type(screen.getByLabelText('معرّف الحساب (ID)'), '5123456789');
      await user.click(screen.getByRole('button', { name: 'تحقق من اللاعب' }));
      expect(await screen.findByText('اسم اللاعب: Falcon_6789')).toBeInTheDocument();
      expect(screen.getByLabelText('اسم الحساب')).toHaveValue('Falcon_6789');

      await user.click(screen.getByRole('button', { name: 'شراء — 9.50 $' }));
      await user.click(await screen.findByRole('button', { name: 'تأكيد' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
      expect(await screen.findByText('تم إرسال الطلب بنجاح')).toBeInTheDocument();
      expect(sent[0]!.path).toBe('/public/api/v1/orders-create-fixed');
      expect(Object.fromEntries(sent[0]!.body)).toEqual({
        playerId: '5123456789',
        playerName: 'Falcon_6789',
        productId: '11',
        info: '',
        expected_price: '9.50',
      });
      expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.parse(localStorage.getItem('user')!).balance).toBe('0.50');
    },
  );

  it('shows a refused order on the form and retries with the same key', async () => {
    storeSession();
    const { sent, user } = productPage(product(), () =>
      json({ status: 'error', msg: 'رصيدك غير كافٍ لإتمام هذه العملية' }, 422),
    );
    await user.type(await screen.findByLabelText('معرّف الحساب (ID)'), '55555');
    await user.click(screen.getByRole('button', { name: /^شراء/ }));
    await user.click(await screen.findByRole('button', { name: 'تأكيد' }));
    expect(await screen.findByText('رصيدك غير كافٍ لإتمام هذه العملية')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^شراء/ }));
    await user.click(await screen.findByRole('button', { name: 'تأكيد' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('free quantity: digits only, starts at min, live totals, range message', async () => {
    storeSession();
    const p = product({ free: true, min: 100, max: 5000, unit_price: '0.015', unit_price_tr: '0.50' });
    const { sent, user } = productPage(p, created('7.00'));
    const qty = await screen.findByLabelText('الكمية');
    expect(qty).toHaveValue('100');
    expect(screen.getByText('1.50 $')).toBeInTheDocument();
    expect(screen.getByText('50.00 ل.ت')).toBeInTheDocument();

    await user.clear(qty);
    await user.type(qty, '9x9');
    expect(qty).toHaveValue('99');
    await user.type(screen.getByLabelText('معرّف الحساب (ID)'), '5123456789');
    await user.click(screen.getByRole('button', { name: /^شراء/ }));
    expect(await screen.findByText('يرجى اختيار الكمية بين 100 و 5000')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.clear(qty);
    await user.type(qty, '200');
    expect(screen.getByText('3.00 $')).toBeInTheDocument();
    expect(screen.getByText('100.00 ل.ت')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'شراء — 3.00 $' }));
    await user.click(await screen.findByRole('button', { name: 'تأكيد' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.path).toBe('/public/api/v1/orders-create-free');
    expect(Object.fromEntries(sent[0]!.body)).toMatchObject({ player_id: '5123456789', product_id: '11', qty: '200' });
  });

  it('code product: a direct order panel that always sends qty 1', async () => {
    storeSession();
    const { sent, user, router } = productPage(product({ type: 'code', price: '10.80' }), created('9.20'));
    expect(screen.queryByLabelText('الكمية')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'شراء — 10.80 $' }));
    await user.click(await screen.findByRole('button', { name: 'تأكيد' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(Object.fromEntries(sent[0]!.body)).toEqual({ product_id: '11', qty: '1', expected_price: '10.80' });
  });

  it('sends the price it showed; a changed price is shown for confirmation and bought only at it', async () => {
    storeSession({ ...testUser, balance: '50' });
    let calls = 0;
    const { sent, user } = productPage(product(), () => {
      calls += 1;
      if (calls === 1)
        return json(
          {
            status: 'error',
            msg: 'تغيّر سعر المنتج إلى 10.25 $، يرجى تأكيد الطلب بالسعر الجديد',
            data: { price: '10.25' },
          },
          409,
        );
      return created('39.75')();
    });
    await user.type(await screen.findByLabelText('معرّف الحساب (ID)'), '5123456789');
    await user.click(screen.getByRole('button', { name: 'شراء — 9.50 $' }));
    let dialog = await screen.findByRole('dialog', { name: 'راجع طلبك قبل الدفع' });
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body.get('expected_price')).toBe('9.50');

    // The review stays open with the new price and a note; nothing was bought.
    dialog = await screen.findByRole('dialog', { name: 'راجع طلبك قبل الدفع' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('تغيّر سعر المنتج إلى 10.25 $');
    expect(within(dialog).getByText('السعر').nextElementSibling?.textContent).toBe('10.25 $');
    expect(within(dialog).getByText('رصيدك بعد الشراء').nextElementSibling?.textContent).toBe('39.75 $');

    await user.click(within(dialog).getByRole('button', { name: 'تأكيد' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body.get('expected_price')).toBe('10.25');
    // The same purchase: one idempotency key for both taps.
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });
});

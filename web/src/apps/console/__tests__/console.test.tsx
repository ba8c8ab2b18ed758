import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings, testUser } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import {
  topupsReply,
  ok,
  operatorUser,
  ordersReply,
  pendingTopup,
  pendingOrder,
  statsReply,
} from '@/testing/console-fixtures';

const A = '/admin/api/v1';
const adminCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.includes('/admin/api/'));

function operatorApi(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /setting': settingsReply(testSettings),
    'GET /me': ok({ user: operatorUser }),
    [`GET ${A}/stats`]: statsReply,
    [`GET ${A}/orders`]: ordersReply([pendingOrder]),
    [`GET ${A}/charges`]: topupsReply([pendingTopup]),
    ...extra,
  });
}

describe('operator console', () => {
  it('tells a customer the console is for operators, without calling the operator API', async () => {
    storeSession(testUser);
    const fetchMock = mockApi({ 'GET /setting': settingsReply(testSettings), 'GET /me': ok({ user: testUser }) });
    renderApp('/admin/charges');
    expect(await screen.findByText('هذه الصفحة مخصصة لمشرفي المتجر فقط')).toBeInTheDocument();
    expect(adminCalls(fetchMock)).toEqual([]);
  });

  it(
    'asks an operator without two-factor to enable it, and shows the ' + 'open orders with what the customer entered',
    async () => {
      storeSession(operatorUser);
      operatorApi();
      renderApp('/admin/orders');
      expect(await screen.findByRole('heading', { level: 1, name: 'طلبات الشراء' })).toBeInTheDocument();
      const banner = screen.getByRole('alert');
      expect(within(banner).getByRole('link', { name: 'تفعيل المصادقة الثنائية' })).toHaveAttribute(
        'href',
        '/enable-2fa',
      );
      const card = await screen.findByRole('article', { name: /#12/ });
      expect(within(card).getByText('5123456789')).toBeInTheDocument();
      expect(within(card).getByText('PlayerOne')).toBeInTheDocument();
      expect(within(card).getByText('sara@example.com')).toBeInTheDocument();
    },
  );

  it('needs a reason to reject an order, and sends the code with an acceptance', async () => {
    const secured = { ...operatorUser, is_enable2fa: true };
    storeSession(secured);
    const sent: Array<{ url: string; body: unknown }> = [];
    const record = async (request: Request) => {
      sent.push({ url: new URL(request.url).pathname, body: await request.json() });
      return json(ok({ order: { ...pendingOrder, status: 'success' } }));
    };
    operatorApi({
      'GET /me': ok({ user: secured }),
      [`POST ${A}/orders/12/reject`]: record,
      [`POST ${A}/orders/12/accept`]: record,
    });
    const { user } = renderApp('/admin/orders');
    const card = await screen.findByRole('article', { name: /#12/ });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'رفض واسترداد المبلغ' }));
    expect(within(card).getByText('يرجى كتابة سبب الرفض')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(card).getByLabelText('رسالة إلى العميل (الكود أو تفاصيل التنفيذ)'), 'CODE-77');
    await user.click(within(card).getByRole('button', { name: 'قبول وتنفيذ' }));
    // Nothing is sent before the operator confirms, in a dialog naming the amount and the customer.
    const ask = screen.getByRole('dialog', { name: 'تنفيذ الطلب #12 (9.50 $) لـ سارة؟' });
    expect(within(ask).getByText('الرسالة: CODE-77')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'قبول وتنفيذ' }));
    await waitFor(() => expect(sent).toEqual([{ url: `${A}/orders/12/accept`, body: { message: 'CODE-77' } }]));
    expect(await screen.findByText('تم قبول الطلب')).toBeInTheDocument();
  });

  it('shows the receipt large, and approves the amount actually received, with the reason for the change', async () => {
    storeSession(operatorUser);
    const sent: unknown[] = [];
    operatorApi({
      [`POST ${A}/charges/5/approve`]: async (request: Request) => {
        sent.push(await request.json());
        return json(ok({ charge: { ...pendingTopup, status: 'success' } }));
      },
    });
    const { user } = renderApp('/admin/charges');
    const receipt = await screen.findByRole('img', { name: 'صورة الإشعار للطلب رقم 5' });
    expect(receipt).toHaveAttribute('src', pendingTopup.img);
    expect(receipt.closest('a')).toHaveAttribute('href', pendingTopup.img);

    const amount = screen.getByLabelText('المبلغ المستلم فعلاً (بالدولار)');
    expect(amount).toHaveValue('25.50');
    await user.click(screen.getByRole('button', { name: 'رفض الطلب' }));
    expect(screen.getByText('يرجى كتابة سبب الرفض')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '24');
    await user.click(screen.getByRole('button', { name: 'قبول وشحن الرصيد' }));
    expect(await screen.findByText('يرجى كتابة سبب تعديل المبلغ، فهو يظهر للعميل')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(screen.getByLabelText('سبب تعديل المبلغ (يظهر للعميل)'), 'عمولة البنك 1.50 $');
    await user.click(screen.getByRole('button', { name: 'قبول وشحن الرصيد' }));
    const ask = screen.getByRole('dialog', { name: 'اعتماد 24.00 $ لـ سارة؟' });
    await user.click(within(ask).getByRole('button', { name: 'رجوع' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'قبول وشحن الرصيد' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'اعتماد 24.00 $ لـ سارة؟' })).getByRole('button', {
        name: 'قبول وشحن الرصيد',
      }),
    );
    await waitFor(() => expect(sent).toEqual([{ amount: '24', reason: 'عمولة البنك 1.50 $' }]));
    expect(await screen.findByText('تم شحن رصيد العميل')).toBeInTheDocument();
  });

  it('shows a lira request with the lira transferred, the rate and the dollars', async () => {
    storeSession(operatorUser);
    const lira = { ...pendingTopup, amount: '23.52', currency: 'TRY' as const, rate: '42.50', amount_local: '1000.00' };
    operatorApi({ [`GET ${A}/charges`]: topupsReply([lira]) });
    renderApp('/admin/charges');
    const card = await screen.findByRole('article', { name: /#5/ });
    expect(within(card).getByText('1,000.00 ل.ت')).toBeInTheDocument();
    expect(within(card).getByText('1 $ = 42.50 ل.ت')).toBeInTheDocument();
    expect(within(card).getByLabelText('المبلغ المستلم فعلاً (بالدولار)')).toHaveValue('23.52');
  });

  it('copies the player id, name and phone of an order card', async () => {
    storeSession(operatorUser);
    operatorApi({ [`GET ${A}/orders`]: ordersReply([{ ...pendingOrder, phone: '+963911111111' }]) });
    const { user } = renderApp('/admin/orders');
    const card = await screen.findByRole('article', { name: /#12/ });
    await user.click(within(card).getByRole('button', { name: 'نسخ معرّف الحساب (ID)' }));
    expect(await navigator.clipboard.readText()).toBe('5123456789');
    await user.click(within(card).getByRole('button', { name: 'نسخ اسم الحساب' }));
    expect(await navigator.clipboard.readText()).toBe('PlayerOne');
    await user.click(within(card).getByRole('button', { name: 'نسخ رقم الهاتف' }));
    expect(await navigator.clipboard.readText()).toBe('+963911111111');
    await user.click(within(card).getByRole('button', { name: 'نسخ الهاتف' }));
    expect(await navigator.clipboard.readText()).toBe('+963900000000');
  });

  it('walks the queue with j/k, accepts with a (confirmed), asks a reason for r; typing is left alone', async () => {
    storeSession(operatorUser);
    const sent: string[] = [];
    const second = { ...pendingOrder, id: 13, data: '777' };
    operatorApi({
      [`GET ${A}/orders`]: ordersReply([pendingOrder, second]),
      [`POST ${A}/orders/13/accept`]: (request: Request) => {
        sent.push(new URL(request.url).pathname);
        return json(ok({ order: { ...second, status: 'success' } }));
      },
    });
    const { user } = renderApp('/admin/orders');
    const first = await screen.findByRole('article', { name: /#12/ });
    const next = screen.getByRole('article', { name: /#13/ });

    await user.keyboard('jj');
    expect(next).toHaveAttribute('aria-current', 'true');
    await user.keyboard('k');
    expect(first).toHaveAttribute('aria-current', 'true');
    await user.keyboard('r');
    expect(within(first).getByText('يرجى كتابة سبب الرفض')).toBeInTheDocument();
    const box = within(first).getByLabelText('رسالة إلى العميل (الكود أو تفاصيل التنفيذ)');
    expect(box).toHaveFocus();
    await user.keyboard('ja');
    expect(box).toHaveValue('ja');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.keyboard('{Escape}j');
    expect(next).toHaveAttribute('aria-current', 'true');
    await user.keyboard('a');
    const ask = screen.getByRole('dialog', { name: 'تنفيذ الطلب #13 (9.50 $) لـ سارة؟' });
    expect(sent).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'قبول وتنفيذ' }));
    await waitFor(() => expect(sent).toEqual([`${A}/orders/13/accept`]));
  });

  it('lists the shortcuts on ? and has one status filter', async () => {
    storeSession(operatorUser);
    operatorApi();
    const { user } = renderApp('/admin/orders');
    await screen.findByRole('article', { name: /#12/ });
    expect(screen.getAllByRole('combobox', { name: 'الحالة' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'بانتظار المعالجة' })).not.toBeInTheDocument();
    await user.keyboard('?');
    const sheet = screen.getByRole('dialog', { name: 'اختصارات لوحة المفاتيح' });
    expect(within(sheet).getByText('قبول وتنفيذ الطلب المحدد (بعد التأكيد)')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's reason beside the field when a balance adjustment is refused", async () => {
    storeSession(operatorUser);
    const customer = { ...testUser, created_at: '2026-11-01T00:00:00.000Z', credit_limit: null, storefront_id: 1 };
    operatorApi({
      [`GET ${A}/users`]: ok({ users: [customer], paginate: { nextPage: null, backPage: null } }),
      [`POST ${A}/users/7/adjust`]: json(
        {
          status: 'error',
          msg: 'رصيد المستخدم أقل من مبلغ الخصم',
          errors: { amount: ['رصيد المستخدم أقل من مبلغ الخصم'] },
        },
        422,
      ),
    });
    const { user } = renderApp('/admin/users');
    const card = await screen.findByRole('article', { name: /سارة/ });
    await user.click(within(card).getByRole('button', { name: 'تعديل الرصيد' }));
    await user.type(within(card).getByLabelText('المبلغ (موجب للإضافة، سالب للخصم)'), '-5000');
    await user.type(within(card).getByLabelText('السبب (يظهر للعميل)'), 'تصحيح');
    await user.click(within(card).getByRole('button', { name: 'تنفيذ التعديل' }));
    expect(await within(card).findByText('رصيد المستخدم أقل من مبلغ الخصم')).toBeInTheDocument();
  });

  it("names another storefront's customer's storefront, and says nothing for the provider's own", async () => {
    storeSession(operatorUser);
    const at = '2026-11-01T00:00:00.000Z';
    const own = { ...testUser, created_at: at, credit_limit: null, storefront_id: 1 };
    const agents = { ...testUser, id: 8, name: 'ليلى', created_at: at, credit_limit: null, storefront_id: 2 };
    operatorApi({ [`GET ${A}/users`]: ok({ users: [own, agents], paginate: { nextPage: null, backPage: null } }) });
    renderApp('/admin/users');
    const theirs = await screen.findByRole('article', { name: /ليلى/ });
    expect(within(theirs).getByText('متجر #2')).toBeInTheDocument();
    const ours = screen.getByRole('article', { name: /سارة/ });
    expect(within(ours).queryByText(/متجر #/)).not.toBeInTheDocument();
  });
});

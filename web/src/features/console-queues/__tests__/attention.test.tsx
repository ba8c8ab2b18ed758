import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { storeSession, testSettings } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { attentionOrder, ok, operatorUser, ordersReply, pendingOrder, statsReply } from '@/testing/console-fixtures';

const A = '/admin/api/v1';
const secured = { ...operatorUser, is_enable2fa: true };

const stockOrder = {
  ...pendingOrder,
  id: 40,
  status: 'success' as const,
  delivery: 'stock' as const,
  codes: ['••••••••7Q2K'],
  fulfilment: { ...pendingOrder.fulfilment, delivery: 'stock' as const },
};
const followOrder = {
  ...attentionOrder,
  id: 41,
  fulfilment: {
    ...attentionOrder.fulfilment,
    state: 'follow' as const,
    last_error: 'انتهت مهلة الاتصال بالمورد',
    attempts: 1,
    next_attempt_at: '2026-11-23T12:05:00.000Z',
  },
};

function queueApi(extra: Record<string, unknown> = {}) {
  const statuses: string[] = [];
  const fetchMock = mockApi({
    'GET /setting': settingsReply(testSettings),
    'GET /me': ok({ user: secured }),
    [`GET ${A}/stats`]: statsReply,
    [`GET ${A}/orders`]: (request: Request) => {
      const status = new URL(request.url).searchParams.get('status') ?? '';
      statuses.push(status);
      return json(
        status === 'attention' ? ordersReply([attentionOrder]) : ordersReply([followOrder, stockOrder, pendingOrder]),
      );
    },
    ...extra,
  });
  return { fetchMock, statuses };
}

describe('instant delivery in the orders queue', () => {
  it(
    'shows how each order is fulfilled: from stock with its masked ' + 'codes, or with where it stands at the supplier',
    async () => {
      storeSession(secured);
      queueApi();
      renderApp('/admin/orders');
      const stock = await screen.findByRole('article', { name: /#40/ });
      expect(within(stock).getByText('من المخزون')).toBeInTheDocument();
      const codes = within(stock).getByRole('list', { name: 'الأكواد المسلّمة' });
      expect(within(codes).getByText('••••••••7Q2K')).toHaveAttribute('dir', 'ltr');

      const forwarded = screen.getByRole('article', { name: /#41/ });
      expect(within(forwarded).getByText('عبر المورد متجر الجملة')).toBeInTheDocument();
      expect(within(forwarded).getByText('بانتظار المورد')).toBeInTheDocument();
      expect(within(forwarded).getByText('UP-5521')).toHaveAttribute('dir', 'ltr');
      expect(within(forwarded).getByText('انتهت مهلة الاتصال بالمورد')).toBeInTheDocument();
      expect(within(forwarded).getByText(formatDate('2026-11-23T12:05:00.000Z'))).toBeInTheDocument();
      expect(within(forwarded).queryByRole('button', { name: 'إعادة المحاولة' })).not.toBeInTheDocument();
      // The server refuses a hand decision while the supplier holds the order, so none is offered.
      expect(within(forwarded).queryByRole('button', { name: 'قبول وتنفيذ' })).not.toBeInTheDocument();
      expect(within(forwarded).queryByRole('button', { name: 'رفض واسترداد المبلغ' })).not.toBeInTheDocument();
      expect(
        within(forwarded).getByText('الطلب لدى المورد الآن؛ يمكن تنفيذه يدوياً أو استرداده إذا احتاج إلى متابعة.'),
      ).toBeInTheDocument();
      // A manual order keeps its decisions.
      expect(
        within(screen.getByRole('article', { name: /#12/ })).getByRole('button', { name: 'قبول وتنفيذ' }),
      ).toBeInTheDocument();
    },
  );

  it('has a needs-attention choice with its count in the status filter; its orders retry with a warning', async () => {
    storeSession(secured);
    const retried: string[] = [];
    const { statuses } = queueApi({
      [`POST ${A}/orders/31/retry-delivery`]: (request: Request) => {
        retried.push(new URL(request.url).pathname);
        return json(ok({ order: { ...attentionOrder, fulfilment: { ...attentionOrder.fulfilment, state: 'send' } } }));
      },
    });
    const { user } = renderApp('/admin/orders');
    const filter = await screen.findByRole('combobox', { name: 'الحالة' });
    await screen.findByRole('option', { name: 'تحتاج متابعة (2)' });
    await user.selectOptions(filter, 'attention');
    expect(filter).toHaveValue('attention');
    const card = await screen.findByRole('article', { name: /#31/ });
    expect(statuses).toContain('attention');
    expect(within(card).getAllByText('تحتاج متابعة').length).toBeGreaterThan(0);
    expect(within(card).getByText('رصيدك لدى المورد غير كافٍ')).toBeInTheDocument();
    expect(within(card).getByText(/قد ينفّذ المورد هذا الطلب لاحقاً/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'قيد الانتظار' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(retried).toEqual([`${A}/orders/31/retry-delivery`]));
    expect(await screen.findByText('أعيد إرسال الطلب إلى المورد')).toBeInTheDocument();
  });

  it('refunds an attention order only with a reason, through the existing reject', async () => {
    storeSession(secured);
    const sent: unknown[] = [];
    queueApi({
      [`POST ${A}/orders/31/reject`]: async (request: Request) => {
        sent.push(await request.json());
        return json(ok({ order: { ...attentionOrder, status: 'cancel' } }));
      },
    });
    const { user } = renderApp('/admin/orders');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'الحالة' }), 'attention');
    const card = await screen.findByRole('article', { name: /#31/ });
    await user.click(within(card).getByRole('button', { name: 'رفض واسترداد المبلغ' }));
    expect(within(card).getByText('يرجى كتابة سبب الرفض')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(
      within(card).getByLabelText('رسالة إلى العميل (الكود أو تفاصيل التنفيذ)'),
      'المنتج غير متوفر لدى المورد',
    );
    await user.click(within(card).getByRole('button', { name: 'رفض واسترداد المبلغ' }));
    const ask = screen.getByRole('dialog', { name: 'رفض الطلب #31 وإعادة 9.50 $ إلى رصيد سارة؟' });
    expect(within(ask).getByText('السبب: المنتج غير متوفر لدى المورد')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'رفض واسترداد المبلغ' }));
    await waitFor(() => expect(sent).toEqual([{ cancel_msg: 'المنتج غير متوفر لدى المورد' }]));
  });
});

describe('delivery actions in the audit log', () => {
  it('names code and retry actions for what they did, not as a deleted product', async () => {
    storeSession(secured);
    const actor = { id: 1, name: 'المشرف', email: 'op@example.com' };
    const entry = (id: number, action: string, entity: string) => ({
      id,
      actor,
      action,
      entity,
      entity_id: 9,
      storefront_id: null,
      before: null,
      after: null,
      created_at: '2026-11-23T10:00:00.000Z',
    });
    queueApi({
      [`GET ${A}/audit`]: ok({
        entries: [
          entry(1, 'codes.delete', 'product'),
          entry(2, 'delivery.retry', 'order'),
          entry(3, 'supplier.update', 'supplier'),
        ],
        paginate: { nextPage: null, backPage: null },
      }),
    });
    renderApp('/admin/audit');
    expect(await screen.findByText('منتج · حذف كود')).toBeInTheDocument();
    expect(screen.getByText('طلب · إعادة محاولة التسليم')).toBeInTheDocument();
    expect(screen.getByText('مورد · تعديل')).toBeInTheDocument();
  });
});

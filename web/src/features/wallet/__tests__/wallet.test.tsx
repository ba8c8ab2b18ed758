import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testUser } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { expectLoadFailure } from '@/testing/load-failure';

const entry = (id: number, credit: string, debit: string, info: string) => ({
  id,
  credit,
  debit,
  info,
  created_at: '2026-11-20T10:00:00.000Z',
});

function reply(
  balances: ReturnType<typeof entry>[],
  paginate = { nextPage: null as number | null, backPage: null as number | null, nextBefore: null as number | null },
) {
  return {
    status: 'success',
    data: {
      balances,
      paginate,
      total_balance: '48.75',
      deposit: '2.5',
      total_orders: '1234.5',
      user: { ...testUser, balance: '48.75' },
    },
  };
}

describe('/balances', () => {
  it('shows the three summary cards, the ledger with credit and debit, and refreshes the top bar', async () => {
    storeSession({ ...testUser, balance: '40' });
    mockApi({
      'GET /balances': reply([entry(3, '1.25', '0', 'استرداد الطلب #41'), entry(2, '0', '1.25', 'شراء: شدات ببجي 60')]),
    });
    renderApp('/balances');
    const summary = await screen.findByLabelText('ملخص الرصيد');
    expect(within(summary).getByText('الرصيد الحالي').nextSibling).toHaveTextContent('48.75 $');
    expect(within(summary).getByText('رصيد الدين').nextSibling).toHaveTextContent('2.50 $');
    expect(within(summary).getByText('إجمالي المشتريات').nextSibling).toHaveTextContent('1,234.50 $');

    const table = screen.getByRole('table', { name: 'حركات الرصيد' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['البيان', 'دائن', 'مدين']);
    const [refund, purchase] = within(table).getAllByRole('row').slice(1);
    expect(
      within(refund!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([expect.stringContaining('استرداد الطلب #41'), '1.25 $', '—']);
    expect(
      within(purchase!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([expect.stringContaining('شراء: شدات ببجي 60'), '—', '1.25 $']);
    await waitFor(() =>
      expect(within(screen.getByRole('banner')).getByRole('link', { name: /رصيدك/ })).toHaveTextContent('48.75 $'),
    );
  });

  it('shows the empty text when there are no movements', async () => {
    storeSession();
    mockApi({ 'GET /balances': reply([]) });
    renderApp('/balances');
    expect(await screen.findByText('لا توجد بيانات لعرضها')).toBeInTheDocument();
  });

  it('pages with the keyset bound of the previous page', async () => {
    storeSession();
    const fetchMock = mockApi({
      'GET /balances': (req: Request) =>
        json(
          new URL(req.url).searchParams.get('page') === '1'
            ? reply([entry(50, '1', '0', 'الصفحة الأولى')], { nextPage: 2, backPage: null, nextBefore: 31 })
            : reply([entry(30, '1', '0', 'الصفحة الثانية')], { nextPage: null, backPage: 1, nextBefore: null }),
        ),
    });
    const { user } = renderApp('/balances');
    await screen.findByText('الصفحة الأولى');
    await user.click(screen.getByRole('button', { name: 'التالي' }));
    expect(await screen.findByText('الصفحة الثانية')).toBeInTheDocument();
    const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
    expect(Object.fromEntries(last.searchParams)).toEqual({ page: '2', before: '31' });
  });

  it("shows the server's msg in a toast when loading fails", async () => {
    storeSession();
    mockApi({ 'GET /balances': json({ status: 'error', msg: 'انتهت الجلسة، يرجى تسجيل الدخول من جديد' }, 422) });
    renderApp('/balances');
    await expectLoadFailure('انتهت الجلسة، يرجى تسجيل الدخول من جديد', { toast: true });
  });
  it("shows the server's msg when a PDF statement is refused (429: too many PDFs)", async () => {
    storeSession();
    const busy = 'لديك كشوف PDF قيد التحضير، انتظر اكتمالها ثم أعد المحاولة';
    mockApi({
      'GET /balances': reply([]),
      'GET /balances/statement': new Response(JSON.stringify({ status: 'error', msg: busy }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '10' },
      }),
    });
    const { user } = renderApp('/balances');
    await user.click(await screen.findByRole('button', { name: 'تنزيل PDF' }));
    expect(await screen.findByText(busy)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'تنزيل PDF' })).toBeEnabled();
  });
});

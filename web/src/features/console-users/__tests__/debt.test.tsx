import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings, testUser } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ok, operatorUser } from '@/testing/console-fixtures';

const A = '/admin/api/v1';
const customer = {
  ...testUser,
  deposit: '20.00',
  created_at: '2026-11-01T00:00:00.000Z',
  credit_limit: '100.00',
  storefront_id: 1,
};
const lend = {
  id: 1,
  kind: 'lend',
  amount: '20.00',
  debt_after: '20.00',
  reason: 'وكيل موثوق',
  created_at: '2026-11-20T10:00:00.000Z',
};

describe('the debt panel of a user', () => {
  it('shows the debt, its limit and history, lends, and shows a refused repayment beside the amount', async () => {
    const secured = { ...operatorUser, is_enable2fa: true };
    storeSession(secured);
    const sent: Array<{ url: string; body: unknown }> = [];
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /me': ok({ user: secured }),
      [`GET ${A}/stats`]: ok({ stats: { pending_charges: 0, open_orders: 0, cancel_requests: 0 } }),
      [`GET ${A}/users`]: ok({ users: [customer], paginate: { nextPage: null, backPage: null } }),
      [`GET ${A}/users/7`]: ok({ user: customer, entries: [lend] }),
      [`POST ${A}/users/7/credit`]: async (request: Request) => {
        sent.push({ url: new URL(request.url).pathname, body: await request.json() });
        const next = {
          id: 2,
          kind: 'lend',
          amount: '5.00',
          debt_after: '25.00',
          reason: 'دفعة ثانية',
          created_at: '2026-11-21T10:00:00.000Z',
        };
        return json(ok({ user: { ...customer, deposit: '25.00' }, entries: [next, lend] }));
      },
      [`POST ${A}/users/7/settle`]: json(
        {
          status: 'error',
          msg: 'مبلغ السداد أكبر من الدين الحالي (25.00)',
          errors: { amount: ['مبلغ السداد أكبر من الدين الحالي (25.00)'] },
        },
        422,
      ),
    });
    const { user } = renderApp('/admin/users');
    const card = await screen.findByRole('article', { name: /سارة/ });
    expect(within(card).getByText(/الدين:/)).toHaveTextContent('20');
    await user.click(within(card).getByRole('button', { name: 'الدين والسداد' }));
    expect(within(card).getByLabelText('حد الدين (فارغ: بلا حد)')).toHaveValue('100.00');
    const history = within(card).getByRole('region', { name: 'سجل الدين' });
    expect(await within(history).findByText('وكيل موثوق')).toBeInTheDocument();

    await user.type(within(card).getByLabelText('المبلغ'), '5');
    await user.type(within(card).getByLabelText('البيان (يظهر للعميل)'), 'دفعة ثانية');
    await user.click(within(card).getByRole('button', { name: 'إضافة رصيد دين' }));
    expect(await within(history).findByText('دفعة ثانية')).toBeInTheDocument();
    expect(sent).toEqual([{ url: `${A}/users/7/credit`, body: { amount: '5', reason: 'دفعة ثانية' } }]);

    await user.type(within(card).getByLabelText('المبلغ'), '99');
    await user.type(within(card).getByLabelText('البيان (يظهر للعميل)'), 'سداد');
    await user.click(within(card).getByRole('button', { name: 'تسجيل سداد' }));
    expect(
      await within(card).findByText('مبلغ السداد أكبر من الدين الحالي (25.00)', { selector: 'p' }),
    ).toBeInTheDocument();
  });
});

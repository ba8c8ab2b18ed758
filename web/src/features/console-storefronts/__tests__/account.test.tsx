import type { StorefrontAccount, StorefrontAccountLine } from '@raseed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '@/testing/console-fixtures';
import { storeSession } from '@/testing/fixtures';
import { json } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { A, consoleApi, najma, provider, secured } from './storefront-fixtures';

const at = '2026-11-25T10:00:00.000Z';
const account: StorefrontAccount = {
  storefront_id: 2,
  balance: '4.00',
  credit_limit: '0.00',
  available: '4.00',
  day_spend: '9.00',
  low: true,
  refused_count: 1,
  last_refused_at: at,
  last_refused_price: '10.00',
  unseen_refusals: 1,
};
const line = (id: number, extra: Partial<StorefrontAccountLine>): StorefrontAccountLine => ({
  id,
  credit: '0.00',
  debit: '0.00',
  balance_after: '0.00',
  reason: `طلب #${id}`,
  ref_type: 'order',
  ref_id: id,
  created_at: at,
  ...extra,
});
const overdraw = 'لا يكفي المتاح (4.00 $) لخصم 50.00 $';

describe('a storefront’s account in the console', () => {
  it('shows each storefront’s balance on the storefronts page, with a badge when it runs low', async () => {
    storeSession(secured);
    consoleApi({
      [`GET ${A}/storefronts`]: ok({ storefronts: [provider, najma] }),
      [`GET ${A}/storefront-accounts`]: ok({ accounts: [account] }),
    });
    renderApp('/admin/storefronts');
    const row = await screen.findByRole('article', { name: 'متجر النجمة' });
    expect(await within(row).findByText('الرصيد 4.00 $ · المتاح 4.00 $')).toBeInTheDocument();
    expect(within(row).getByText('رصيد منخفض')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'الحساب: متجر النجمة' })).toHaveAttribute(
      'href',
      '/admin/storefronts/2/account',
    );
    // The provider's own store pays nobody: no account to show.
    const own = screen.getByRole('article', { name: 'متجر رصيد' });
    expect(within(own).queryByRole('link', { name: /الحساب/ })).not.toBeInTheDocument();
  });

  it('credits it: a field error from the contract, then the server’s 422 on its field, then the credit', async () => {
    storeSession(secured);
    const sent: unknown[] = [];
    consoleApi({
      [`GET ${A}/storefronts`]: ok({ storefronts: [provider, najma] }),
      [`GET ${A}/storefronts/2/account`]: ok({ account, lines: [], next_before: null }),
      [`POST ${A}/storefronts/2/account/adjust`]: async (request: Request) => {
        sent.push(await request.json());
        if (sent.length === 1)
          return json({ status: 'error', code: 'validation', msg: overdraw, errors: { amount: [overdraw] } }, 422);
        const credited = { ...account, balance: '254.00', available: '254.00', low: false };
        const lines = [line(9, { credit: '250.00', balance_after: '254.00', reason: 'إيداع من المزود: حوالة' })];
        return json(ok({ account: credited, lines, next_before: null }));
      },
    });
    const { user } = renderApp('/admin/storefronts/2/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'حساب متجر النجمة لدى المزود' })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'إيداع أو خصم' });
    const amount = within(form).getByLabelText('المبلغ (موجب للإيداع، سالب للخصم)');
    const reason = within(form).getByLabelText('السبب (يُحفظ في سجل الحساب)');

    await user.type(amount, '0');
    await user.click(within(form).getByRole('button', { name: 'تنفيذ' }));
    expect(amount).toHaveAccessibleDescription(/يرجى إدخال مبلغ صحيح غير صفري/);
    expect(reason).toHaveAccessibleDescription('هذا الحقل مطلوب');
    expect(sent).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '-50');
    await user.type(reason, 'تصحيح');
    await user.click(within(form).getByRole('button', { name: 'تنفيذ' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(overdraw));
    expect(sent[0]).toEqual({ amount: '-50', reason: 'تصحيح' });

    await user.clear(amount);
    await user.type(amount, '250');
    await user.clear(reason);
    await user.type(reason, 'حوالة');
    await user.click(within(form).getByRole('button', { name: 'تنفيذ' }));
    expect(await screen.findByText('تم تعديل الحساب، الرصيد الآن 254.00 $')).toBeInTheDocument();
    expect(sent[1]).toEqual({ amount: '250', reason: 'حوالة' });
    expect(amount).toHaveValue('');
  });

  it('sets the credit limit, and reads the ledger a page at a time', async () => {
    storeSession(secured);
    const limits: unknown[] = [];
    const befores: Array<string | null> = [];
    consoleApi({
      [`GET ${A}/storefronts`]: ok({ storefronts: [provider, najma] }),
      [`GET ${A}/storefronts/2/account`]: (request: Request) => {
        const before = new URL(request.url).searchParams.get('before');
        befores.push(before);
        return before === '30'
          ? json(ok({ account, lines: [line(29, { credit: '20.00', reason: 'أقدم حركة' })], next_before: null }))
          : json(ok({ account, lines: [line(30, { debit: '10.00', balance_after: '4.00' })], next_before: 30 }));
      },
      [`PATCH ${A}/storefronts/2/account`]: async (request: Request) => {
        limits.push(await request.json());
        return json(
          ok({ account: { ...account, credit_limit: '100.00', available: '104.00' }, lines: [], next_before: null }),
        );
      },
    });
    const { user } = renderApp('/admin/storefronts/2/account');
    const ledger = await screen.findByRole('table', { name: 'حركات الحساب' });
    expect(within(ledger).getByText('طلب #30').closest('tr')).toHaveTextContent('10.00 $');
    await user.click(screen.getByRole('button', { name: 'الأقدم' }));
    expect(await screen.findByText('أقدم حركة')).toBeInTheDocument();
    expect(befores).toContain('30');
    expect(screen.getByRole('button', { name: 'الأقدم' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'الأحدث' }));
    expect(await screen.findByText('طلب #30')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'حد الائتمان' });
    const limit = within(form).getByLabelText('حد الائتمان (كم يُسمح للحساب أن ينزل تحت الصفر)');
    expect(limit).toHaveValue('0.00');
    await user.clear(limit);
    await user.type(limit, '100');
    await user.click(within(form).getByRole('button', { name: 'حفظ الحد' }));
    expect(await screen.findByText('تم حفظ حد الائتمان، المتاح الآن 104.00 $')).toBeInTheDocument();
    expect(limits).toEqual([{ credit_limit: '100' }]);
  });
});

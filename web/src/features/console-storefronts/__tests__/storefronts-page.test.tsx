import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '@/testing/console-fixtures';
import { storeSession } from '@/testing/fixtures';
import { json } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { A, closed, consoleApi, najma, provider, secured } from './storefront-fixtures';

const taken = 'النطاق najma-shop.com مستخدم في متجر آخر';

describe('the storefronts page', () => {
  it('lists each storefront with its hosts, markup and whether it is on', async () => {
    storeSession(secured);
    consoleApi({ [`GET ${A}/storefronts`]: ok({ storefronts: [provider, najma, closed] }) });
    renderApp('/admin/storefronts');
    const row = await screen.findByRole('article', { name: 'متجر النجمة' });
    expect(within(row).getByText('najma-shop.com')).toBeInTheDocument();
    expect(within(row).getByText('www.najma-shop.com')).toBeInTheDocument();
    expect(within(row).getByText('زيادة 12.5%')).toBeInTheDocument();
    expect(within(row).getByText('مفعّل')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'الأسعار' })).toHaveAttribute('href', '/admin/prices?storefront=2');
    expect(within(screen.getByRole('article', { name: 'متجر الواحة' })).getByText('متوقف')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'متجر رصيد' })).getByText('المتجر الرئيسي')).toBeInTheDocument();
  });

  it('adds one with its hosts as a list: a bad host is named on its field, a taken one by the server', async () => {
    storeSession(secured);
    const sent: unknown[] = [];
    consoleApi({
      [`GET ${A}/storefronts`]: ok({ storefronts: [provider] }),
      [`POST ${A}/storefronts`]: async (request: Request) => {
        sent.push(await request.json());
        return sent.length === 1
          ? json({ status: 'error', code: 'conflict', msg: taken, errors: { hosts: [taken] } }, 409)
          : json(ok({ storefront: najma }), 201);
      },
    });
    const { user } = renderApp('/admin/storefronts');
    await user.click(await screen.findByRole('button', { name: 'إضافة متجر' }));
    const form = screen.getByRole('form', { name: 'متجر جديد' });
    await user.type(within(form).getByLabelText('اسم المتجر'), 'متجر النجمة');
    await user.type(within(form).getByLabelText('النطاق 1'), 'Najma-Shop.com');
    await user.click(within(form).getByRole('button', { name: 'إضافة نطاق' }));
    await user.type(within(form).getByLabelText('النطاق 2'), 'https://www.najma-shop.com/');
    const markup = within(form).getByLabelText('نسبة الزيادة على سعر المزود (%)');
    await user.clear(markup);
    await user.type(markup, '12.5');
    await user.click(within(form).getByRole('button', { name: 'حفظ' }));

    // Checked by the contract's own rule before anything is sent, beside the field it is about.
    const second = within(form).getByLabelText('النطاق 2');
    expect(second).toHaveAccessibleDescription(/نطاق غير صالح/);
    expect(sent).toEqual([]);

    await user.clear(second);
    await user.type(second, 'www.najma-shop.com');
    await user.click(within(form).getByRole('button', { name: 'إضافة مصدر' }));
    await user.click(within(form).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // The blank origin row is no origin; hosts are sent as the server stores them.
    expect(sent[0]).toEqual({
      name: 'متجر النجمة',
      hosts: ['najma-shop.com', 'www.najma-shop.com'],
      origins: [],
      markup_percent: 12.5,
      active: true,
    });
    expect(await within(form).findByText(taken)).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'النطاقات' })).toHaveAccessibleDescription(taken);

    await user.click(within(form).getByRole('button', { name: 'إزالة النطاق 1' }));
    await user.click(within(form).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ hosts: ['www.najma-shop.com'] });
    expect(await screen.findByText('تمت إضافة المتجر')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'متجر جديد' })).not.toBeInTheDocument();
  });

  it('switches a storefront off and changes its markup; the provider’s own stays on', async () => {
    storeSession(secured);
    const sent: unknown[] = [];
    consoleApi({
      [`GET ${A}/storefronts`]: ok({ storefronts: [provider, najma] }),
      [`PATCH ${A}/storefronts/2`]: async (request: Request) => {
        sent.push(await request.json());
        return json(ok({ storefront: { ...najma, active: false, markup_percent: 20 } }));
      },
    });
    const { user } = renderApp('/admin/storefronts');
    await user.click(await screen.findByRole('button', { name: 'تعديل: متجر رصيد' }));
    const own = screen.getByRole('form', { name: 'متجر رصيد' });
    expect(within(own).getByLabelText('المتجر مفعّل')).toBeDisabled();
    expect(within(own).getByText('المتجر الرئيسي يبقى مفعّلاً دائماً')).toBeInTheDocument();
    await user.click(within(own).getByRole('button', { name: 'إلغاء' }));

    await user.click(screen.getByRole('button', { name: 'تعديل: متجر النجمة' }));
    const form = screen.getByRole('form', { name: 'متجر النجمة' });
    expect(within(form).getByLabelText('النطاق 2')).toHaveValue('www.najma-shop.com');
    await user.click(within(form).getByLabelText('المتجر مفعّل'));
    const markup = within(form).getByLabelText('نسبة الزيادة على سعر المزود (%)');
    await user.clear(markup);
    await user.type(markup, '20');
    await user.click(within(form).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ active: false, markup_percent: 20, hosts: najma.hosts });
  });
});

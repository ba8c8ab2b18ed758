import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ok, operatorUser, statsReply, supplier } from '@/testing/console-fixtures';

const A = '/admin/api/v1';
const secured = { ...operatorUser, is_enable2fa: true };

function suppliersApi(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /setting': settingsReply(testSettings),
    'GET /me': ok({ user: secured }),
    [`GET ${A}/stats`]: statsReply,
    [`GET ${A}/suppliers`]: ok({ suppliers: [supplier] }),
    ...extra,
  });
}

describe('suppliers', () => {
  it('is in the console navigation and lists suppliers with which credentials are stored', async () => {
    storeSession(secured);
    suppliersApi();
    const { user } = renderApp('/admin/orders');
    const nav = await screen.findByRole('navigation', { name: 'أقسام لوحة التحكم' });
    expect(
      await within(nav).findByRole('link', { name: /^المنتجات والأقسام\s*منتجات قاربت على النفاد: 1$/ }),
    ).toHaveAttribute('href', '/admin/catalog');
    await user.click(within(nav).getByRole('link', { name: 'الموردون' }));
    const card = await screen.findByRole('article', { name: 'متجر الجملة' });
    expect(within(card).getByText('https://wholesale.example.com')).toHaveAttribute('dir', 'ltr');
    expect(within(card).getByText('كلمة المرور محفوظة')).toBeInTheDocument();
  });

  it('creates a supplier only with a password or a token, and sends it as JSON', async () => {
    storeSession(secured);
    const sent: unknown[] = [];
    suppliersApi({
      [`POST ${A}/suppliers`]: async (request: Request) => {
        sent.push(await request.json());
        return json(
          ok({
            supplier: { ...supplier, id: 3, name: 'مورد ثانٍ', has_password: false, has_token: true },
            connection: { balance: '12.00' },
          }),
          201,
        );
      },
    });
    const { user } = renderApp('/admin/suppliers');
    await user.click(await screen.findByRole('button', { name: 'إضافة مورد' }));
    await user.type(screen.getByLabelText('الاسم'), 'مورد ثانٍ');
    await user.type(screen.getByLabelText('عنوان متجر المورد'), 'ftp://x');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('يرجى إدخال عنوان يبدأ بـ https://')).toBeInTheDocument();
    expect(screen.getByText('يرجى إدخال كلمة المرور أو رمز الدخول')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('عنوان متجر المورد'));
    await user.type(screen.getByLabelText('عنوان متجر المورد'), 'https://second.example.com');
    await user.type(screen.getByLabelText('رمز الدخول (بدلاً من كلمة المرور)'), 'tok-123');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { name: 'مورد ثانٍ', kind: 'raseed', base_url: 'https://second.example.com', email: '', token: 'tok-123' },
      ]),
    );
    expect(await screen.findByText('تم الحفظ')).toBeInTheDocument();
    expect(await screen.findByText('نجح الاتصال بـ مورد ثانٍ، ورصيدنا لديه 12.00 $')).toBeInTheDocument();
  });

  it('keeps the form open with the reason beside the address when the connection test fails', async () => {
    storeSession(secured);
    const reason = 'لم يُحفظ المورد: فشل اختبار الاتصال به (تعذّر الاتصال بالمورد)';
    suppliersApi({
      [`POST ${A}/suppliers`]: json(
        { status: 'error', code: 'validation_failed', msg: reason, errors: { base_url: [reason] } },
        422,
      ),
    });
    const { user } = renderApp('/admin/suppliers');
    await user.click(await screen.findByRole('button', { name: 'إضافة مورد' }));
    await user.type(screen.getByLabelText('الاسم'), 'مورد متوقف');
    await user.type(screen.getByLabelText('عنوان متجر المورد'), 'https://down.example.com');
    await user.type(screen.getByLabelText('رمز الدخول (بدلاً من كلمة المرور)'), 'tok-123');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    const address = screen.getByLabelText('عنوان متجر المورد');
    await waitFor(() => expect(address).toHaveAccessibleDescription(expect.stringContaining(reason)));
    expect(screen.getByLabelText('الاسم')).toHaveValue('مورد متوقف');
  });

  it('never prefills stored credentials and leaves a blank one out of an edit', async () => {
    storeSession(secured);
    const sent: unknown[] = [];
    suppliersApi({
      [`PATCH ${A}/suppliers/2`]: async (request: Request) => {
        sent.push(await request.json());
        return json(ok({ supplier: { ...supplier, name: 'متجر الجملة الجديد' }, connection: null }));
      },
    });
    const { user } = renderApp('/admin/suppliers');
    await user.click(await screen.findByRole('button', { name: 'تعديل: متجر الجملة' }));
    const password = screen.getByLabelText('كلمة المرور');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getAllByText('اتركه فارغاً للإبقاء على المحفوظ')).toHaveLength(2);
    const name = screen.getByLabelText('الاسم');
    await user.clear(name);
    await user.type(name, 'متجر الجملة الجديد');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { name: 'متجر الجملة الجديد', base_url: 'https://wholesale.example.com', email: 'buyer@raseed.example' },
      ]),
    );
  });

  it("shows the supplier's balance formatted, and the upstream failure in Arabic", async () => {
    storeSession(secured);
    let up = true;
    suppliersApi({
      [`GET ${A}/suppliers/2/balance`]: () =>
        up ? json(ok({ balance: '1234.5' })) : json({ status: 'error', msg: 'تعذر الاتصال بالمورد، حاول لاحقاً' }, 503),
    });
    const { user } = renderApp('/admin/suppliers');
    const card = await screen.findByRole('article', { name: 'متجر الجملة' });
    await user.click(within(card).getByRole('button', { name: 'الرصيد لدى المورد' }));
    expect(await within(card).findByText('الرصيد لدى متجر الجملة: 1,234.50 $')).toBeInTheDocument();
    up = false;
    await user.click(within(card).getByRole('button', { name: 'الرصيد لدى المورد' }));
    expect(await within(card).findByText('تعذر الاتصال بالمورد، حاول لاحقاً')).toBeInTheDocument();
    expect(within(card).queryByText(/1,234.50/)).not.toBeInTheDocument();
  });

  it('deletes after a confirmation and says why when products still use the supplier', async () => {
    storeSession(secured);
    const calls: string[] = [];
    suppliersApi({
      [`DELETE ${A}/suppliers/2`]: () => {
        calls.push('delete');
        return json({ status: 'error', msg: 'لا يمكن حذف مورد تستخدمه منتجات' }, 409);
      },
    });
    const { user } = renderApp('/admin/suppliers');
    await user.click(await screen.findByRole('button', { name: 'حذف: متجر الجملة' }));
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'تأكيد الحذف' }));
    expect(await screen.findByText('لا يمكن حذف مورد تستخدمه منتجات')).toBeInTheDocument();
    expect(calls).toEqual(['delete']);
  });
});

import type { AdminUser } from '@raseed/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '@/testing/console-fixtures';
import { storeSession, testUser } from '@/testing/fixtures';
import { json } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { A, consoleApi, najma, provider, secured } from './storefront-fixtures';

const member = (id: number, extra: Partial<AdminUser>): AdminUser => ({
  ...testUser,
  id,
  role: 'operator',
  storefront_id: 2,
  created_at: '2026-11-25T10:00:00.000Z',
  credit_limit: null,
  ...extra,
});
const huda = member(40, { name: 'هدى', email: 'huda@najma.example', is_enable2fa: true });
const taken = 'البريد الإلكتروني مستخدم من قبل في حساب آخر';

/** The storefront's staff as the server keeps them: a POST adds one, a DELETE takes one off. */
function staffServer(start: AdminUser[]) {
  const staff = [...start];
  const sent: unknown[] = [];
  const removed: string[] = [];
  consoleApi({
    [`GET ${A}/storefronts`]: ok({ storefronts: [provider, najma] }),
    [`GET ${A}/storefronts/2/staff`]: () => json(ok({ staff })),
    [`POST ${A}/storefronts/2/staff`]: async (request: Request) => {
      const body = (await request.json()) as { email: string; name?: string };
      sent.push(body);
      if (body.email === 'huda@najma.example')
        return json({ status: 'error', code: 'validation', msg: taken, errors: { email: [taken] } }, 422);
      const user = member(41, { name: body.name ?? 'موظف', email: body.email, is_enable2fa: false });
      staff.push(user);
      return json(ok({ user }), 201);
    },
    [`DELETE ${A}/storefronts/2/staff/40`]: () => {
      removed.push('40');
      staff.splice(0, 1);
      return json(ok({ user: { ...huda, role: 'customer' } }));
    },
  });
  return { sent, removed };
}

describe('a storefront’s staff in the console', () => {
  it('is linked from the storefront’s row and lists its staff with their two-factor', async () => {
    storeSession(secured);
    staffServer([huda, member(42, { name: 'سامي', email: 'sami@najma.example', is_enable2fa: false })]);
    const { user } = renderApp('/admin/storefronts');
    const row = await screen.findByRole('article', { name: 'متجر النجمة' });
    await user.click(within(row).getByRole('link', { name: 'الموظفون: متجر النجمة' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'موظفو متجر النجمة' })).toBeInTheDocument();
    const first = await screen.findByRole('article', { name: 'هدى' });
    expect(within(first).getByText('huda@najma.example')).toBeInTheDocument();
    expect(within(first).getByText('المصادقة الثنائية مفعّلة')).toBeInTheDocument();
    const second = screen.getByRole('article', { name: 'سامي' });
    expect(within(second).getByText('المصادقة الثنائية غير مفعّلة')).toBeInTheDocument();
  });

  it('adds one: the contract’s check, then the server’s 422 on the e-mail, then the new account', async () => {
    storeSession(secured);
    const { sent } = staffServer([huda]);
    const { user } = renderApp('/admin/storefronts/2/staff');
    const form = await screen.findByRole('form', { name: 'إضافة موظف' });
    const email = within(form).getByLabelText('البريد الإلكتروني');
    const password = within(form).getByLabelText('كلمة المرور');
    const submit = within(form).getByRole('button', { name: 'إضافة موظف' });

    await user.type(email, 'huda@najma.example');
    await user.type(password, 'short');
    await user.click(submit);
    expect(password).toHaveAccessibleDescription(/أطول من 8 أحرف/);
    expect(sent).toEqual([]);

    await user.clear(password);
    await user.type(password, 'a-long-password-1');
    await user.click(submit);
    await waitFor(() => expect(email).toHaveAccessibleDescription(taken));
    // A blank name is no name: the server gives its own.
    expect(sent[0]).toEqual({ email: 'huda@najma.example', password: 'a-long-password-1' });

    await user.clear(email);
    await user.type(email, 'rami@najma.example');
    await user.type(within(form).getByLabelText('الاسم (اختياري)'), 'رامي');
    await user.click(submit);
    expect(await screen.findByText('تمت إضافة الموظف rami@najma.example')).toBeInTheDocument();
    expect(sent[1]).toEqual({ email: 'rami@najma.example', password: 'a-long-password-1', name: 'رامي' });
    expect(await screen.findByRole('article', { name: 'رامي' })).toBeInTheDocument();
    expect(email).toHaveValue('');
  });

  it('takes one off after a dialog that says the account becomes a customer and is signed out', async () => {
    storeSession(secured);
    const { removed } = staffServer([huda]);
    const { user } = renderApp('/admin/storefronts/2/staff');
    const row = await screen.findByRole('article', { name: 'هدى' });
    await user.click(within(row).getByRole('button', { name: 'إزالة هدى' }));
    const dialog = screen.getByRole('dialog', { name: 'إزالة هدى من موظفي المتجر؟' });
    expect(dialog).toHaveTextContent('يصبح الحساب حساب عميل في هذا المتجر');
    expect(dialog).toHaveTextContent('يُسجَّل خروجه من كل الأجهزة');

    await user.click(within(dialog).getByRole('button', { name: 'تراجع' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(removed).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'إزالة هدى' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'إزالة الموظف' }));
    expect(await screen.findByText('أصبح هدى عميلاً في المتجر')).toBeInTheDocument();
    expect(removed).toEqual(['40']);
    expect(await screen.findByText('لا يوجد موظفون لهذا المتجر بعد')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a storefront’s staff who open its address the server’s refusal, and no form', async () => {
    const staffMember = { ...secured, storefront_id: 2 } as typeof secured;
    storeSession(staffMember);
    const refusal = 'هذا القسم خاص بإدارة المزوّد، وحسابك مرتبط بمتجر واحد';
    consoleApi({
      'GET /me': ok({ user: staffMember }),
      [`GET ${A}/storefronts/2/staff`]: () => json({ status: 'error', code: 'forbidden', msg: refusal }, 403),
    });
    renderApp('/admin/storefronts/2/staff');
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'إضافة موظف' })).not.toBeInTheDocument();
  });
});

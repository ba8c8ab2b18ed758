import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings, testUser } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const reseller = { ...testUser, api_access: true };
const token = `rsd_live_${'a'.repeat(43)}_abc123`;
const key = {
  id: 4,
  name: 'متجري',
  mode: 'live',
  prefix: 'rsd_live_aaaaaa',
  allowed_ips: ['203.0.113.0/24'],
  created_at: '2026-11-26T10:00:00.000Z',
  last_used_at: null,
};

describe('/api-keys «واجهة البرمجة»', () => {
  it('is unknown to a customer without API access, and the profile shows no link to it', async () => {
    storeSession({ ...testUser, api_access: false });
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /me': { status: 'success', data: { user: testUser } },
    });
    const { router } = renderApp('/api-keys');
    expect(await screen.findByText('الصفحة غير موجودة')).toBeInTheDocument();
    await router.navigate('/profile');
    await screen.findByRole('heading', { name: 'الملف الشخصي' });
    expect(screen.queryByRole('link', { name: 'إدارة مفاتيح واجهة البرمجة' })).not.toBeInTheDocument();
  });

  it('creates a key from the form, shows its token once, then lists it without the token', async () => {
    storeSession(reseller);
    const sent: unknown[] = [];
    let keys: unknown[] = [];
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /me': { status: 'success', data: { user: reseller } },
      'GET /players': { status: 'success', data: { players: [] } },
      'GET /api-keys': () => json({ status: 'success', data: { api_keys: keys, test_balance: '997.50' } }),
      'POST /api-keys': async (request: Request) => {
        sent.push(await request.json());
        keys = [key];
        return json({ status: 'success', data: { api_key: { ...key, token } } }, 201);
      },
    });
    const { router, user } = renderApp('/profile');
    await user.click(await screen.findByRole('link', { name: 'إدارة مفاتيح واجهة البرمجة' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/api-keys'));
    expect(await screen.findByText('لا توجد مفاتيح بعد.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'إنشاء المفتاح' }));
    expect(await screen.findByText('يرجى إدخال اسم للمفتاح')).toBeInTheDocument();
    await user.type(screen.getByLabelText('اسم المفتاح'), 'متجري');
    await user.type(screen.getByLabelText('العناوين المسموح بها (اختياري)'), 'not-an-ip');
    await user.click(screen.getByRole('button', { name: 'إنشاء المفتاح' }));
    expect(await screen.findByText(/عنوان IP غير صالح/)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('العناوين المسموح بها (اختياري)'));
    await user.type(screen.getByLabelText('العناوين المسموح بها (اختياري)'), '203.0.113.0/24');
    await user.click(screen.getByRole('button', { name: 'إنشاء المفتاح' }));
    const shown = await screen.findByRole('region', { name: 'انسخ المفتاح الآن' });
    expect(within(shown).getByText(token)).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'متجري', mode: 'live', allowed_ips: ['203.0.113.0/24'] }]);

    await user.click(screen.getByRole('button', { name: 'نسخت المفتاح' }));
    expect(screen.queryByText(token)).not.toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'مفاتيحك' });
    expect(await within(list).findByText('rsd_live_aaaaaa…')).toBeInTheDocument();
    expect(within(list).getByText('لم يُستخدم بعد', { exact: false })).toBeInTheDocument();
  });

  it("shows a test key's balance and how the player data picks a test order's outcome", async () => {
    storeSession(reseller);
    const testKey = { ...key, id: 5, name: 'تجربة', mode: 'test', prefix: 'rsd_test_bbbbbb' };
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /me': { status: 'success', data: { user: reseller } },
      'GET /players': { status: 'success', data: { players: [] } },
      'GET /api-keys': { status: 'success', data: { api_keys: [testKey], test_balance: '997.50' } },
      'GET /webhooks': { status: 'success', data: { webhooks: [] } },
    });
    renderApp('/api-keys');
    const list = await screen.findByRole('region', { name: 'مفاتيحك' });
    expect(await within(list).findByText(/رصيد التجربة: 997\.50/)).toBeInTheDocument();
    expect(within(list).getByText(/0003 رفض وإعادة المبلغ/)).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings, testUser } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const reseller = { ...testUser, api_access: true };
const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const rotatedSecret = 'whsec_bmV3IHNlY3JldCBmb3IgdGhlIHRlc3Qx';
const endpoint = {
  id: 3,
  url: 'https://shop.example.com/raseed/hooks',
  events: ['order.updated'],
  state: 'active',
  disabled_reason: null,
  failing_since: null,
  disabled_at: null,
  previous_secret_until: null,
  created_at: '2026-11-27T10:00:00.000Z',
};
const delivery = {
  id: 41,
  event_id: 'msg_2Lq0cTnQyYk3mVb8eR1aZw',
  type: 'order.updated',
  state: 'failed',
  attempts: 9,
  last_status: 500,
  last_error: 'HTTP 500',
  next_attempt_at: null,
  delivered_at: null,
  created_at: '2026-11-26T10:00:00.000Z',
};

function store(overrides: Record<string, unknown> = {}) {
  storeSession(reseller);
  return mockApi({
    'GET /setting': settingsReply(testSettings),
    'GET /me': { status: 'success', data: { user: reseller } },
    'GET /api-keys': { status: 'success', data: { api_keys: [], test_balance: '1000.00' } },
    ...overrides,
  });
}

describe('/api-keys «عناوين الاستقبال»', () => {
  it('adds an endpoint for the chosen events and shows its secret once, with a copy button', async () => {
    const sent: unknown[] = [];
    let hooks: unknown[] = [];
    store({
      'GET /webhooks': () => json({ status: 'success', data: { webhooks: hooks } }),
      'POST /webhooks': async (request: Request) => {
        sent.push(await request.json());
        hooks = [endpoint];
        return json({ status: 'success', data: { webhook: { ...endpoint, secret } } }, 201);
      },
    });
    const { user } = renderApp('/api-keys');
    const section = await screen.findByRole('region', { name: 'عناوين الاستقبال (Webhooks)' });
    expect(await within(section).findByText('لا توجد عناوين استقبال بعد.')).toBeInTheDocument();

    await user.type(within(section).getByLabelText('عنوان الاستقبال'), 'ftp://x');
    await user.click(within(section).getByRole('button', { name: 'إضافة العنوان' }));
    expect(await within(section).findByText(/عنوان الاستقبال غير صالح/)).toBeInTheDocument();
    await user.clear(within(section).getByLabelText('عنوان الاستقبال'));
    await user.type(within(section).getByLabelText('عنوان الاستقبال'), endpoint.url);
    await user.click(within(section).getByLabelText(/تغيّر شراء رقم/));
    await user.click(within(section).getByLabelText(/تغيّر الرصيد/));
    await user.click(within(section).getByLabelText(/تغيّر حالة طلب/));
    await user.click(within(section).getByRole('button', { name: 'إضافة العنوان' }));
    expect(await within(section).findByText('اختر حدثاً واحداً على الأقل')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(section).getByLabelText(/تغيّر حالة طلب/));
    await user.click(within(section).getByRole('button', { name: 'إضافة العنوان' }));
    const shown = await screen.findByRole('region', { name: 'انسخ سر التوقيع الآن' });
    expect(within(shown).getByText(secret)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'نسخ السر' })).toBeInTheDocument();
    expect(sent).toEqual([{ url: endpoint.url, events: ['order.updated'] }]);
    await user.click(within(shown).getByRole('button', { name: 'نسخت السر' }));
    expect(screen.queryByText(secret)).not.toBeInTheDocument();
    expect(await screen.findByText(endpoint.url)).toBeInTheDocument();
    expect(screen.getByText('يعمل')).toBeInTheDocument();
  });

  it('shows why an endpoint stopped, its deliveries, and retries one', async () => {
    const retried: string[] = [];
    store({
      'GET /webhooks': {
        status: 'success',
        data: {
          webhooks: [
            { ...endpoint, state: 'disabled', disabled_reason: 'failing', disabled_at: '2026-11-27T10:00:00Z' },
          ],
        },
      },
      'GET /webhooks/3/deliveries': { status: 'success', data: { deliveries: [delivery] } },
      'POST /webhooks/3/deliveries/41/retry': (request: Request) => {
        retried.push(request.url);
        return json({ status: 'success', data: { delivery: { ...delivery, state: 'pending' } } });
      },
    });
    const { user } = renderApp('/api-keys');
    expect(await screen.findByText('متوقف')).toBeInTheDocument();
    expect(screen.getByText(/بعد 24 ساعة من المحاولات الفاشلة/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'الأحداث المرسلة' }));
    const list = await screen.findByRole('region', { name: 'آخر الأحداث' });
    expect(await within(list).findByText('فشل')).toBeInTheDocument();
    expect(within(list).getByText(delivery.event_id)).toBeInTheDocument();
    expect(within(list).getByText(/المحاولات: 9/)).toBeInTheDocument();
    expect(within(list).getByText(/آخر رد: 500/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(retried).toHaveLength(1));
  });

  it('rotates the secret after a confirmation and shows the new one once; deletes after a confirmation', async () => {
    let hooks: unknown[] = [endpoint];
    const deleted: string[] = [];
    store({
      'GET /webhooks': () => json({ status: 'success', data: { webhooks: hooks } }),
      'POST /webhooks/3/rotate-secret': () =>
        json({
          status: 'success',
          data: { webhook: { ...endpoint, previous_secret_until: '2026-11-28T10:00:00Z', secret: rotatedSecret } },
        }),
      'DELETE /webhooks/3': (request: Request) => {
        deleted.push(request.url);
        hooks = [];
        return json({ status: 'success', msg: 'تم حذف عنوان الاستقبال' });
      },
    });
    const { user } = renderApp('/api-keys');
    await user.click(await screen.findByRole('button', { name: 'سر جديد' }));
    const dialog = await screen.findByRole('dialog', { name: 'إنشاء سر جديد لهذا العنوان؟' });
    await user.click(within(dialog).getByRole('button', { name: 'سر جديد' }));
    const shown = await screen.findByRole('region', { name: 'انسخ سر التوقيع الآن' });
    expect(within(shown).getByText(rotatedSecret)).toBeInTheDocument();
    expect(within(shown).getByText(/السر السابق يبقى صالحاً 24 ساعة/)).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'نسخت السر' }));

    await user.click(screen.getByRole('button', { name: 'حذف' }));
    const confirm = await screen.findByRole('dialog', { name: 'حذف عنوان الاستقبال؟' });
    await user.click(within(confirm).getByRole('button', { name: 'حذف' }));
    await waitFor(() => expect(deleted).toHaveLength(1));
    expect(await screen.findByText('لا توجد عناوين استقبال بعد.')).toBeInTheDocument();
  });
});

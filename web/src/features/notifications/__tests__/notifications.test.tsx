import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeSession, testSettings, testUser } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { expectLoadFailure } from '@/testing/load-failure';

const base = {
  'GET /setting': settingsReply(testSettings),
  'GET /me': { status: 'success', data: { user: testUser } },
};

beforeEach(() => storeSession());

describe('/notifications', () => {
  it('shows a card per notice with title, message and date, in the order received', async () => {
    mockApi({
      ...base,
      'GET /notifications': {
        status: 'success',
        data: {
          notifications: [
            {
              id: 9,
              title: 'تم شحن رصيدك',
              msg: 'أضيف 25.50 $ إلى رصيدك.',
              created_at: '2026-11-22T08:00:00.000Z',
              order_id: null,
              codes: [],
            },
            {
              id: 1,
              title: 'أهلاً بكم',
              msg: 'إعلان عام',
              created_at: '2026-11-01T08:00:00.000Z',
              order_id: null,
              codes: [],
            },
          ],
        },
      },
    });
    renderApp('/notifications');
    const titles = await screen.findAllByRole('heading', { level: 2 });
    expect(titles.map((h) => h.textContent)).toEqual(['تم شحن رصيدك', 'أهلاً بكم']);
    expect(screen.getByText('أضيف 25.50 $ إلى رصيدك.')).toBeInTheDocument();
    expect(document.querySelector('time[datetime="2026-11-22T08:00:00.000Z"]')).toHaveTextContent('2026');
  });

  it('says when there are none', async () => {
    mockApi({ ...base, 'GET /notifications': { status: 'success', data: { notifications: [] } } });
    renderApp('/notifications');
    expect(await screen.findByText('لا توجد إشعارات')).toBeInTheDocument();
  });

  it("shows the server's message in a dark toast and in the page, with a retry, when loading fails", async () => {
    mockApi({
      ...base,
      'GET /notifications': json({ status: 'error', msg: 'انتهت الجلسة، يرجى تسجيل الدخول من جديد' }, 403),
    });
    renderApp('/notifications');
    await expectLoadFailure('انتهت الجلسة، يرجى تسجيل الدخول من جديد', { toast: true });
  });
});

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

describe('/partners', () => {
  it('shows each agent with image, name, address, phone and a WhatsApp link without the plus sign', async () => {
    mockApi({
      ...base,
      'GET /partners': {
        status: 'success',
        data: {
          partners: [
            { id: 1, name: 'وكيل دمشق', img: '/media/p1.svg', address: 'دمشق، شارع الثورة', phone: '+963944111222' },
            { id: 2, name: 'وكيل حلب', img: null, address: 'حلب', phone: '963955333444' },
          ],
        },
      },
    });
    renderApp('/partners');
    expect(await screen.findByRole('heading', { level: 2, name: 'وكيل دمشق' })).toBeInTheDocument();
    expect(screen.getByText('دمشق، شارع الثورة')).toBeInTheDocument();
    expect(screen.getByText('+963944111222')).toBeInTheDocument();
    const damascus = screen.getByRole('link', { name: 'محادثة وكيل دمشق عبر واتساب' });
    expect(damascus).toHaveAttribute('href', 'https://wa.me/963944111222');
    expect(damascus).toHaveAttribute('target', '_blank');
    expect(damascus).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.getByRole('link', { name: 'محادثة وكيل حلب عبر واتساب' })).toHaveAttribute(
      'href',
      'https://wa.me/963955333444',
    );
  });

  it('says when there are none', async () => {
    mockApi({ ...base, 'GET /partners': { status: 'success', data: { partners: [] } } });
    renderApp('/partners');
    expect(await screen.findByText('لا يوجد وكلاء حالياً')).toBeInTheDocument();
  });

  it(
    "shows the server's message in a dark toast and in the page " + '(not as an empty list) when loading fails',
    async () => {
      mockApi({ ...base, 'GET /partners': json({ status: 'error', msg: 'الخدمة غير متاحة مؤقتاً' }, 503) });
      renderApp('/partners');
      await expectLoadFailure('الخدمة غير متاحة مؤقتاً', { toast: true });
      expect(screen.queryByText('لا يوجد وكلاء حالياً')).not.toBeInTheDocument();
    },
  );
});

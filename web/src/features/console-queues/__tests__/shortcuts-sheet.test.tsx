import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ok, operatorUser, ordersReply, pendingOrder, statsReply } from '@/testing/console-fixtures';

const A = '/admin/api/v1';

describe('the queue keys help sheet', () => {
  it('closes with Escape even when the focus has left it (the re-read queue focused a card)', async () => {
    storeSession({ ...operatorUser, is_enable2fa: true });
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /me': ok({ user: { ...operatorUser, is_enable2fa: true } }),
      [`GET ${A}/stats`]: statsReply,
      [`GET ${A}/orders`]: () => json(ordersReply([pendingOrder])),
    });
    const { user } = renderApp('/admin/orders');
    const card = await screen.findByRole('article', { name: /#12/ });
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'اختصارات لوحة المفاتيح' });
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
    act(() => card.focus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'اختصارات لوحة المفاتيح' })).toBeNull());
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const emptyOrders = {
  status: 'success',
  data: { orders: [], paginate: { nextPage: null, backPage: null, nextBefore: null } },
};
const placed = { placed: { type: 'id', player_id: '5123456789', player_name: 'Ahmad' } };
const saved = (over: Record<string, unknown> = {}) => ({
  id: 7,
  type: 'id',
  player_id: '5123456789',
  label: 'حسابي',
  player_name: 'Ahmad',
  updated_at: '2026-11-23T10:00:00.000Z',
  ...over,
});

describe('saving the player after an order', () => {
  it('offers to save the player with a label on /orders after a successful order, and saves it', async () => {
    storeSession();
    const posts: unknown[] = [];
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /orders': emptyOrders,
      'GET /players': { status: 'success', data: { players: [] } },
      'POST /players': async (request: Request) => {
        posts.push(await request.json());
        return json({ status: 'success', msg: 'تم حفظ اللاعب', data: { player: saved() } });
      },
    });
    const { router, user } = renderApp('/');
    await router.navigate('/orders', { state: placed });
    const offer = await screen.findByRole('region', { name: 'حفظ اللاعب للطلبات القادمة' });
    expect(offer).toHaveTextContent('5123456789');
    await user.type(screen.getByLabelText('اسم مميز'), 'حسابي');
    await user.click(screen.getByRole('button', { name: 'حفظ اللاعب' }));
    await waitFor(() =>
      expect(posts).toEqual([{ type: 'id', player_id: '5123456789', label: 'حسابي', player_name: 'Ahmad' }]),
    );
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'حفظ اللاعب للطلبات القادمة' })).not.toBeInTheDocument(),
    );
  });

  it('does not offer an id already saved, and records the new name check-player gave', async () => {
    storeSession();
    const patches: unknown[] = [];
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /orders': emptyOrders,
      'GET /players': { status: 'success', data: { players: [saved({ player_name: 'Old' })] } },
      'PATCH /players/7': async (request: Request) => {
        patches.push(await request.json());
        return json({ status: 'success', data: { player: saved() } });
      },
    });
    const { router } = renderApp('/');
    await router.navigate('/orders', { state: placed });
    await waitFor(() => expect(patches).toEqual([{ player_name: 'Ahmad' }]));
    expect(screen.queryByRole('region', { name: 'حفظ اللاعب للطلبات القادمة' })).not.toBeInTheDocument();
  });

  it('offers nothing on a plain visit to /orders', async () => {
    storeSession();
    const fetchMock = mockApi({ 'GET /setting': settingsReply(testSettings), 'GET /orders': emptyOrders });
    renderApp('/orders');
    await screen.findByText('لا توجد عناصر لعرضها');
    expect(screen.queryByRole('region', { name: 'حفظ اللاعب للطلبات القادمة' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/players'))).toBe(false);
  });
});

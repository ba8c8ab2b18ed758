import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { operatorUser, ok, pendingTopup, statsReply, topupsReply } from '@/testing/console-fixtures';
import { storeSession, testSettings } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const A = '/admin/api/v1';
const secured = { ...operatorUser, is_enable2fa: true };
const at = '2026-11-20T10:00:00.000Z';
const storefront = (id: number, name: string) => ({
  id,
  name,
  hosts: [],
  origins: [],
  markup_percent: 0,
  active: true,
  created_at: at,
  updated_at: at,
});

function topupsOf(storefronts: ReturnType<typeof storefront>[]) {
  storeSession(secured);
  const onB = { ...pendingTopup, id: 60, storefront_id: 2 };
  mockApi({
    'GET /setting': settingsReply(testSettings),
    'GET /me': ok({ user: secured }),
    [`GET ${A}/stats`]: statsReply,
    [`GET ${A}/storefronts`]: ok({ storefronts }),
    [`GET ${A}/charges`]: () => json(topupsReply([onB, pendingTopup])),
  });
  renderApp('/admin/charges');
}

describe('the storefront of a top-up in the top-ups queue', () => {
  it('names each card’s storefront when there are several', async () => {
    topupsOf([storefront(1, 'متجر رصيد'), storefront(2, 'متجر النجمة')]);
    const onB = await screen.findByRole('article', { name: /#60/ });
    expect(await within(onB).findByText('متجر النجمة')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: /#5/ })).getByText('متجر رصيد')).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ok, operatorUser, statsReply } from '@/testing/console-fixtures';

const A = '/admin/api/v1';
const entry = (over: object) => ({
  id: 1,
  actor: { id: 1, name: 'المشرف', email: 'op@x.test' },
  entity_id: 9,
  storefront_id: null,
  before: null,
  after: null,
  created_at: '2026-11-21T10:00:00.000Z',
  ...over,
});

describe('operator audit log', () => {
  it('shows Arabic action names, Arabic statuses and local dates, never raw pending / ISO strings', async () => {
    storeSession(operatorUser);
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /me': ok({ user: operatorUser }),
      [`GET ${A}/stats`]: statsReply,
      [`GET ${A}/audit`]: ok({
        entries: [
          entry({
            id: 2,
            action: 'topupStatus.reject',
            entity: 'charge',
            before: { status: 'pending' },
            after: { status: 'cancel', reason: 'غير واضح' },
          }),
          entry({
            id: 1,
            action: 'order.accept',
            entity: 'order',
            before: { status: 'pending' },
            after: { status: 'success', decided_at: '2026-11-21T10:05:00.000Z' },
          }),
        ],
        paginate: { nextPage: null, backPage: null },
      }),
    });
    renderApp('/admin/audit');
    const charge = (await screen.findByText(/طلب شحن · رفض/)).closest('li')!;
    expect(within(charge).getByText('مرفوض')).toBeInTheDocument();
    expect(within(charge).getByText('قيد الانتظار')).toBeInTheDocument();
    const order = screen.getByText(/^طلب · قبول/).closest('li')!;
    expect(within(order).getByText('مقبول')).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/\bpending\b|\bsuccess\b|2026-11-21T/);
  });

  it('names the storefront an entry is about when there are several, and none for the provider’s catalog', async () => {
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
    storeSession(operatorUser);
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /me': ok({ user: operatorUser }),
      [`GET ${A}/stats`]: statsReply,
      [`GET ${A}/storefronts`]: ok({ storefronts: [storefront(1, 'متجر رصيد'), storefront(2, 'متجر النجمة')] }),
      [`GET ${A}/audit`]: ok({
        entries: [
          entry({ id: 3, action: 'bank.create', entity: 'bank', entity_id: 4, storefront_id: 2 }),
          entry({ id: 2, action: 'category.create', entity: 'category', entity_id: 7 }),
        ],
        paginate: { nextPage: null, backPage: null },
      }),
    });
    renderApp('/admin/audit');
    const bank = (await screen.findByText('#4')).closest('li')!;
    expect(await within(bank).findByText('متجر النجمة')).toBeInTheDocument();
    const category = screen.getByText('#7').closest('li')!;
    expect(within(category).queryByText(/متجر/)).toBeNull();
  });
});

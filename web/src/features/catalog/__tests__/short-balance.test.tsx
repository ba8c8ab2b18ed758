import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testUser } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockProductApi, product } from './catalog-fixtures';

describe('the short-balance note on a narrow phone', () => {
  it('keeps each amount with its currency sign: «(75.00 $)» never splits across two lines', async () => {
    storeSession({ ...testUser, balance: '5' });
    mockProductApi(product(), { playerName: 'Falcon' });
    renderApp(`/products/${product().id}`);
    const note = await screen.findByText('رصيدك (5.00 $) لا يكفي لهذا الطلب (9.50 $).');
    // No-break spaces inside the amounts; the words around them still wrap.
    expect(note.textContent).toBe('رصيدك (5.00\u00a0$) لا يكفي لهذا الطلب (9.50\u00a0$).');
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { product } from './catalog-fixtures';

const reply = (data: unknown) => ({ status: 'success', data });

function open(path: string, routes: Record<string, unknown>) {
  storeSession();
  mockApi({ 'GET /setting': settingsReply(testSettings), ...routes });
  return renderApp(path);
}

describe('category page', () => {
  it('shows department cards and product cards with price and discount', async () => {
    open('/categories/1', {
      'GET /categories/1': reply({
        category: { id: 1, name: 'ببجي موبايل', img: null, available: true, keywords: '' },
        departments: [{ id: 4, name: 'شدات ببجي (UC)', img: null }],
        products: [product({ id: 9, name: 'بطاقة هدية', price: '2', is_discount: true, discount: 10 })],
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'ببجي موبايل' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'شدات ببجي (UC)' })).toHaveAttribute('href', '/departments/4');
    const card = screen.getByRole('link', { name: /بطاقة هدية/ });
    expect(card).toHaveAttribute('href', '/products/9');
    expect(card).toHaveTextContent('2.00 $');
    expect(card).toHaveTextContent('خصم 10%');
  });

  it("says 'the section is not available currently' when it is empty", async () => {
    open('/categories/3', {
      'GET /categories/3': reply({
        category: { id: 3, name: 'فورتنايت', img: null, available: false, keywords: '' },
        departments: [],
        products: [],
      }),
    });
    expect(await screen.findByText('القسم غير متوفر حالياً')).toBeInTheDocument();
  });

  it("shows the server's message for an unknown category", async () => {
    open('/categories/77', {});
    // On the page, and in the dark toast list pages use for a failed load (docs/product-rules.md#errors).
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.filter((a) => a.textContent?.includes('غير موجود')).length).toBeGreaterThanOrEqual(2);
  });
});

describe('department page', () => {
  it('lists prices in USD, SYP and TRY with a buy link, or a disabled not-available button', async () => {
    open('/departments/4', {
      'GET /departments/4': reply({
        department: { id: 4, name: 'شدات ببجي (UC)', img: null },
        products: [product({ id: 11, name: '660 شدة' }), product({ id: 12, name: '1800 شدة', available: false })],
      }),
    });
    const buy = await screen.findByRole('link', { name: 'شراء: 660 شدة' });
    expect(buy).toHaveAttribute('href', '/products/11');
    const card = screen.getByRole('article', { name: '660 شدة' });
    expect(card).toHaveTextContent('9.50 $');
    expect(card).toHaveTextContent('134,000 ل.س');
    expect(card).toHaveTextContent('316.00 ل.ت');
    expect(screen.getByRole('button', { name: 'غير متوفر' })).toBeDisabled();
  });

  it('makes the whole card of a product for sale one link, with its prices as the description', async () => {
    open('/departments/4', {
      'GET /departments/4': reply({
        department: { id: 4, name: 'شدات ببجي (UC)', img: null },
        products: [product({ id: 11, name: '660 شدة' }), product({ id: 13, name: 'بطاقة', in_stock: false })],
      }),
    });
    const link = await screen.findByRole('link', { name: 'شراء: 660 شدة' });
    const card = screen.getByRole('article', { name: '660 شدة' });
    // The link fills the card: picture, name, prices and the «شراء» mark are all inside it.
    expect(card.children).toHaveLength(1);
    expect(card.firstElementChild).toBe(link);
    expect(link).toContainElement(within(card).getByRole('heading', { name: '660 شدة' }));
    expect(link).toHaveAccessibleDescription(/9\.50 \$/);
    // No control inside the control: «شراء» is the link's look, not a second button or link.
    expect(within(link).queryAllByRole('button')).toHaveLength(0);
    expect(within(link).queryAllByRole('link')).toHaveLength(0);
    expect(within(link).getByText('شراء')).toHaveAttribute('aria-hidden', 'true');
    // Sold out: no link at all, a disabled button says why.
    expect(screen.queryByRole('link', { name: 'شراء: بطاقة' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'نفدت الكمية' })).toBeDisabled();
  });

  it("says 'no sections' when it has no products", async () => {
    open('/departments/5', {
      'GET /departments/5': reply({ department: { id: 5, name: 'فارغ', img: null }, products: [] }),
    });
    expect(await screen.findByText('لا توجد أقسام')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ok, operatorUser, statsReply, stockProduct, productCreated } from '@/testing/console-fixtures';

const A = '/admin/api/v1';

describe('product editor', () => {
  it('checks the form with the contract rules, previews the chosen image, and posts a multipart form', async () => {
    storeSession({ ...operatorUser, is_enable2fa: true });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview-1', revokeObjectURL: () => undefined }),
    );
    let posted: FormData | null = null;
    mockApi({
      'GET /setting': settingsReply(testSettings),
      [`GET ${A}/stats`]: statsReply,
      [`GET ${A}/departments`]: ok({
        departments: [{ id: 4, category_id: 2, name: 'شدات ببجي (UC)', img: null, sort: 0 }],
      }),
      [`GET ${A}/categories`]: ok({ categories: [] }),
      [`GET ${A}/products`]: ok({ products: [], paginate: { nextPage: null, backPage: null } }),
      [`POST ${A}/products`]: productCreated(
        {
          ...stockProduct,
          department_id: 4,
          name: 'شدات 90',
          img: '/media/catalog/x.png',
          price: '1.50',
          type: 'id',
          delivery: 'manual',
          low_stock_threshold: 0,
          stock: null,
        },
        (form) => {
          posted = form;
        },
      ),
    });
    const { user, router } = renderApp('/admin/catalog/2/products/new');
    await screen.findByRole('heading', { level: 1, name: 'منتج جديد' });
    await screen.findByLabelText('الاسم');

    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findAllByText('هذا الحقل مطلوب')).not.toHaveLength(0);
    expect(posted).toBeNull();

    await user.type(screen.getByLabelText('الاسم'), 'شدات 90');
    await user.selectOptions(screen.getByLabelText('القسم الفرعي'), 'شدات ببجي (UC)');
    await user.type(screen.getByLabelText('السعر بالدولار'), '1.50');
    const steps = screen.getByLabelText('خطوات استخدام الكود');
    expect(steps.tagName).toBe('TEXTAREA');
    expect(steps).toHaveAttribute('maxlength', '2000');
    await user.type(steps, 'افتح المتجر ثم الصق الكود.');
    // Words the store search finds it by, beside its name (docs/catalog.md#search).
    await user.type(screen.getByLabelText('كلمات البحث (مثل الاسم اللاتيني: pubg)'), 'pubg uc');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'p.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('الصورة'), file);
    const preview = screen.getByRole('complementary', { name: 'معاينة كما يراها العميل' });
    expect(within(preview).getByText('شدات 90')).toBeInTheDocument();
    expect(preview.querySelector('img')).toHaveAttribute('src', 'blob:preview-1');

    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/catalog/2'));
    const form = posted as unknown as FormData;
    expect(form.get('name')).toBe('شدات 90');
    expect(form.get('department_id')).toBe('4');
    expect(form.get('category_id')).toBe('2');
    expect(form.get('price')).toBe('1.50');
    expect(form.get('redeem_instructions')).toBe('افتح المتجر ثم الصق الكود.');
    expect(form.get('keywords')).toBe('pubg uc');
    expect((form.get('img') as Blob).size).toBe(4);
  });
});

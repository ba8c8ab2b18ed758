import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { storeSession, testSettings } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import {
  ok,
  operatorUser,
  paginate,
  statsReply,
  stockProduct,
  supplier,
  productCreated,
} from '@/testing/console-fixtures';

const A = '/admin/api/v1';
const secured = { ...operatorUser, is_enable2fa: true };

const available = {
  id: 101,
  code: '••••••••A1B2',
  serial: 'SN-77',
  status: 'available',
  expires_at: null,
  order_id: null,
  sold_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
};
const sold = {
  ...available,
  id: 102,
  code: '••••••••Z9Y8',
  serial: null,
  status: 'sold',
  order_id: 44,
  sold_at: '2026-11-22T09:30:00.000Z',
};

function editorApi(extra: Record<string, unknown> = {}) {
  return mockApi({
    'GET /setting': settingsReply(testSettings),
    'GET /me': ok({ user: secured }),
    [`GET ${A}/stats`]: statsReply,
    [`GET ${A}/departments`]: ok({ departments: [] }),
    [`GET ${A}/products/9`]: ok({ product: stockProduct }),
    [`GET ${A}/products/9/codes`]: (request: Request) => {
      const status = new URL(request.url).searchParams.get('status');
      const codes = status === 'sold' ? [sold] : status === 'all' ? [available, sold] : [available];
      return json(ok({ codes, stock: stockProduct.stock, paginate }));
    },
    [`GET ${A}/suppliers`]: ok({ suppliers: [supplier] }),
    ...extra,
  });
}

describe('product delivery mode', () => {
  it('shows only the fields of the chosen mode and sends the supplier link of a forwarded product', async () => {
    storeSession(secured);
    let posted: FormData | null = null;
    editorApi({
      [`POST ${A}/products`]: productCreated(
        {
          ...stockProduct,
          id: 10,
          delivery: 'supplier',
          stock: null,
          supplier_id: 2,
          supplier_product_id: 'GP-10',
        },
        (form) => {
          posted = form;
        },
      ),
    });
    const { user, router } = renderApp('/admin/catalog/2/products/new');
    const mode = await screen.findByLabelText('طريقة التسليم');
    expect(mode).toHaveValue('manual');
    expect(screen.queryByLabelText('المورد')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('حد التنبيه بقرب النفاد')).not.toBeInTheDocument();

    await user.selectOptions(mode, 'من المخزون');
    expect(screen.getByLabelText('حد التنبيه بقرب النفاد')).toBeInTheDocument();
    expect(screen.getByText('احفظ المنتج أولاً لإضافة الأكواد إلى مخزونه')).toBeInTheDocument();
    expect(screen.queryByLabelText('المورد')).not.toBeInTheDocument();

    await user.selectOptions(mode, 'عبر مورد');
    expect(screen.queryByLabelText('حد التنبيه بقرب النفاد')).not.toBeInTheDocument();
    const supplierId = screen.getByLabelText('رقم المنتج لدى المورد');
    expect(supplierId).toHaveAttribute('dir', 'ltr');
    await user.type(screen.getByLabelText('الاسم'), 'جوجل بلاي 10$');
    await user.type(screen.getByLabelText('السعر بالدولار'), '10.50');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('يرجى اختيار المورد')).toBeInTheDocument();
    expect(screen.getByText('يرجى إدخال رقم المنتج لدى المورد')).toBeInTheDocument();
    expect(posted).toBeNull();

    await user.selectOptions(await screen.findByLabelText('المورد'), 'متجر الجملة');
    await user.type(supplierId, 'GP-10');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/catalog/2'));
    const form = posted as unknown as FormData;
    expect(form.get('delivery')).toBe('supplier');
    expect(form.get('supplier_id')).toBe('2');
    expect(form.get('supplier_product_id')).toBe('GP-10');
  });
});

describe('stock editor', () => {
  it('shows the counts, a low-stock warning, masked codes left-to-right, and which order took a sold one', async () => {
    storeSession(secured);
    editorApi();
    const { user } = renderApp('/admin/catalog/2/products/9');
    const section = await screen.findByRole('region', { name: 'مخزون الأكواد' });
    expect(within(section).getByText('قارب على النفاد')).toBeInTheDocument();
    expect(within(section).getByText('متاح').nextElementSibling).toHaveTextContent('3');
    expect(within(section).getByText('مباع').nextElementSibling).toHaveTextContent('12');
    const code = await within(section).findByText('••••••••A1B2');
    expect(code).toHaveAttribute('dir', 'ltr');
    expect(within(section).getByText('SN-77')).toBeInTheDocument();

    await user.selectOptions(within(section).getByLabelText('عرض'), 'المباعة');
    expect(
      await within(section).findByText(`بيع في الطلب #44 بتاريخ ${formatDate('2026-11-22T09:30:00.000Z')}`),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /حذف الكود/ })).not.toBeInTheDocument();
  });

  it('adds pasted codes as JSON, says how many were added or repeated, and refreshes the counts', async () => {
    storeSession(secured);
    const sent: unknown[] = [];
    let product = stockProduct;
    editorApi({
      [`GET ${A}/products/9`]: () => json(ok({ product })),
      [`POST ${A}/products/9/codes`]: async (request: Request) => {
        sent.push(await request.json());
        product = { ...stockProduct, stock: { available: 6, sold: 12 } };
        return json(ok({ added: 2, duplicates: 1, stock: product.stock }));
      },
    });
    const { user } = renderApp('/admin/catalog/2/products/9');
    const section = await screen.findByRole('region', { name: 'مخزون الأكواد' });
    const box = within(section).getByLabelText('الصق الأكواد (كود في كل سطر)');
    await user.click(within(section).getByRole('button', { name: 'إضافة الأكواد' }));
    expect(within(section).getByText('يرجى إدخال كود واحد على الأقل')).toBeInTheDocument();

    await user.type(box, 'AAAA-1111{enter}{enter}  BBBB-2222,SN-2,2027-01-31  {enter}AAAA-1111');
    await user.click(within(section).getByRole('button', { name: 'إضافة الأكواد' }));
    expect(await within(section).findByText('أضيف 2، مكرر 1')).toBeInTheDocument();
    expect(sent).toEqual([{ codes: ['AAAA-1111', 'BBBB-2222,SN-2,2027-01-31', 'AAAA-1111'] }]);
    expect(box).toHaveValue('');
    expect(within(section).getByText('متاح').nextElementSibling).toHaveTextContent('6');
    expect(within(section).queryByText('قارب على النفاد')).not.toBeInTheDocument();
  });

  it('lists the lines the server refused, and uploads a chosen file as multipart', async () => {
    storeSession(secured);
    let file: Blob | null = null;
    editorApi({
      [`POST ${A}/products/9/codes`]: async (request: Request) => {
        if (request.headers.get('content-type')?.includes('application/json')) {
          return json(
            {
              status: 'error',
              msg: 'السطر 2: تاريخ انتهاء غير صالح',
              errors: { codes: ['السطر 2: تاريخ انتهاء غير صالح', 'السطر 3: الكود أطول من 500 حرف'] },
            },
            422,
          );
        }
        file = (await request.formData()).get('file') as Blob;
        return json(ok({ added: 40, duplicates: 0, stock: { available: 43, sold: 12 } }));
      },
    });
    const { user } = renderApp('/admin/catalog/2/products/9');
    const section = await screen.findByRole('region', { name: 'مخزون الأكواد' });
    await user.type(within(section).getByLabelText('الصق الأكواد (كود في كل سطر)'), 'A{enter}B,,tomorrow{enter}C');
    await user.click(within(section).getByRole('button', { name: 'إضافة الأكواد' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('لم تُضف الأكواد، صحّح الأسطر التالية:');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['السطر 2: تاريخ انتهاء غير صالح', 'السطر 3: الكود أطول من 500 حرف']);

    const upload = new File(['X-1\nX-2\n'], 'codes.csv', { type: 'text/csv' });
    await user.upload(within(section).getByLabelText('أو ارفع ملفاً نصياً أو CSV'), upload);
    await user.click(within(section).getByRole('button', { name: 'رفع الملف' }));
    expect(await within(section).findByText('أضيف 40، مكرر 0')).toBeInTheDocument();
    expect(await (file as unknown as Blob).text()).toBe('X-1\nX-2\n');
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('deletes an unsold code only after a confirmation, and shows why the server refused', async () => {
    storeSession(secured);
    const deleted: string[] = [];
    editorApi({
      [`DELETE ${A}/products/9/codes/101`]: (request: Request) => {
        deleted.push(new URL(request.url).pathname);
        return json({ status: 'error', msg: 'لا يمكن حذف كود مباع' }, 409);
      },
    });
    const { user } = renderApp('/admin/catalog/2/products/9');
    const section = await screen.findByRole('region', { name: 'مخزون الأكواد' });
    await user.click(await within(section).findByRole('button', { name: 'حذف الكود ••••••••A1B2' }));
    expect(deleted).toEqual([]);
    await user.click(within(section).getByRole('button', { name: 'تأكيد الحذف' }));
    expect(await screen.findByText('لا يمكن حذف كود مباع')).toBeInTheDocument();
    expect(deleted).toEqual([`${A}/products/9/codes/101`]);
  });

  it('searches the codes, and deletes the chosen unsold ones together after one confirmation', async () => {
    storeSession(secured);
    const searches: Array<string | null> = [];
    const sent: unknown[] = [];
    const second = { ...available, id: 103, code: '••••••••C3D4' };
    editorApi({
      [`GET ${A}/products/9/codes`]: (request: Request) => {
        searches.push(new URL(request.url).searchParams.get('search'));
        return json(ok({ codes: [available, second, sold], stock: stockProduct.stock, paginate }));
      },
      [`POST ${A}/products/9/codes/delete`]: async (request: Request) => {
        sent.push(await request.json());
        return json(ok({ removed: 2, kept: 0, stock: { available: 0, sold: 1 } }));
      },
    });
    const { user } = renderApp('/admin/catalog/2/products/9');
    const section = await screen.findByRole('region', { name: 'مخزون الأكواد' });
    await user.type(await within(section).findByLabelText('بحث بالكود كاملاً أو برقم الطلب'), '#44');
    await user.click(within(section).getByRole('button', { name: 'بحث' }));
    await waitFor(() => expect(searches.at(-1)).toBe('#44'));
    expect(searches[0]).toBeNull();

    expect(within(section).queryByRole('checkbox', { name: 'تحديد الكود ••••••••Z9Y8' })).not.toBeInTheDocument();
    await user.click(within(section).getByLabelText('تحديد كل الأكواد غير المباعة في هذه الصفحة'));
    await user.click(within(section).getByRole('button', { name: 'حذف المحدد (2)' }));
    const ask = screen.getByRole('dialog', { name: 'حذف 2 من الأكواد غير المباعة؟' });
    expect(sent).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'تأكيد الحذف' }));
    await waitFor(() => expect(sent).toEqual([{ ids: [101, 103] }]));
    expect(await screen.findByText('حُذف 2، وبقي 0 (مباع أو غير موجود)')).toBeInTheDocument();
  });

  it('names the low-stock products above the categories, each linked to its stock', async () => {
    storeSession(secured);
    editorApi({
      [`GET ${A}/categories`]: ok({ categories: [] }),
      [`GET ${A}/stock/low`]: ok({
        products: [{ id: 9, name: 'بطاقة آيتونز 25$', category_id: 4, available: 1, threshold: 5 }],
      }),
    });
    renderApp('/admin/catalog');
    const list = await screen.findByRole('region', { name: 'منتجات قاربت على النفاد' });
    expect(within(list).getByText('بطاقة آيتونز 25$')).toBeInTheDocument();
    expect(within(list).getByText('متاح 1 · الحد 5')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'فتح المخزون: بطاقة آيتونز 25$' })).toHaveAttribute(
      'href',
      '/admin/catalog/4/products/9',
    );
  });
});

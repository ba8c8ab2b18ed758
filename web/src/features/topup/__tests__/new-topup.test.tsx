import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession, testSettings, testUser } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const banks = [
  {
    id: 1,
    name: 'بنك البركة',
    img: '/media/demo/bank-1.svg',
    info: 'حوّل المبلغ ثم ارفع الإشعار.',
    iban: 'SY21 0021 0000 0000 1234 5678 90',
    holder: 'شركة رصيد',
  },
  {
    id: 2,
    name: 'زراعات بنك',
    img: null,
    info: 'بالليرة التركية',
    iban: 'TR33 0006 1005 1978 6457 8413 26',
    holder: '',
  },
];
const base = {
  'GET /setting': settingsReply(testSettings),
  'GET /me': { status: 'success', data: { user: testUser } },
};

beforeEach(() => {
  storeSession();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function chooseFirstBank() {
  const view = renderApp('/payments');
  await view.user.click(await screen.findByLabelText('بنك البركة'));
  return view;
}

describe('/payments', () => {
  it('warns until a method is chosen, then shows its name, info and IBAN', async () => {
    mockApi({ ...base, 'GET /banks': { status: 'success', data: { banks } } });
    const { user } = renderApp('/payments');
    expect(await screen.findByText('يرجى اختيار طريقة الدفع')).toBeInTheDocument();
    expect(screen.queryByLabelText('المبلغ (بالدولار $)')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('زراعات بنك'));
    expect(screen.queryByText('يرجى اختيار طريقة الدفع')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'زراعات بنك' })).toBeInTheDocument();
    expect(screen.getByText('بالليرة التركية')).toBeInTheDocument();
    expect(screen.getByText('TR33 0006 1005 1978 6457 8413 26')).toBeInTheDocument();
  });

  it('reads the methods from data.data.banks too', async () => {
    mockApi({ ...base, 'GET /banks': { status: 'success', data: { data: { banks } } } });
    renderApp('/payments');
    expect(await screen.findByLabelText('بنك البركة')).toBeInTheDocument();
  });

  it('says there are no payment methods only once the empty list has loaded', async () => {
    let answer: ((r: Response) => void) | undefined;
    mockApi({ ...base, 'GET /banks': () => new Promise<Response>((r) => (answer = r)) });
    renderApp('/payments');
    await waitFor(() => expect(answer).toBeDefined());
    expect(await screen.findByRole('heading', { level: 1, name: 'شحن الرصيد' })).toBeInTheDocument();
    expect(screen.getByText('جاري التحميل...')).toBeInTheDocument();
    expect(screen.queryByText('لا توجد طرق دفع')).not.toBeInTheDocument();
    answer?.(json({ status: 'success', data: { banks: [] } }));
    expect(await screen.findByText('لا توجد طرق دفع')).toBeInTheDocument();
    expect(screen.queryByText('يرجى اختيار طريقة الدفع')).not.toBeInTheDocument();
  });

  it('ignores a failed load of the methods silently', async () => {
    mockApi({ ...base, 'GET /banks': json({ status: 'error', msg: 'خطأ في الخادم' }, 500) });
    renderApp('/payments');
    expect(await screen.findByText('لا توجد طرق دفع', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByText('خطأ في الخادم')).not.toBeInTheDocument();
  });

  it('copies the IBAN and says so; a refused copy says why', async () => {
    mockApi({ ...base, 'GET /banks': { status: 'success', data: { banks } } });
    const { user } = await chooseFirstBank();
    await user.click(screen.getByRole('button', { name: 'نسخ رقم الحساب' }));
    expect(await navigator.clipboard.readText()).toBe('SY21 0021 0000 0000 1234 5678 90');
    expect(await screen.findByText('تم النسخ إلى الحافظة')).toBeInTheDocument();

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('Document is not focused'));
    await user.click(screen.getByRole('button', { name: 'نسخ رقم الحساب' }));
    expect(await screen.findByText('خطأ في النسخ: Document is not focused')).toBeInTheDocument();
  });

  it('shows both messages beside their fields for no image and amount 0, sending nothing', async () => {
    const fetchMock = mockApi({ ...base, 'GET /banks': { status: 'success', data: { banks } } });
    const { user } = await chooseFirstBank();
    await user.type(screen.getByLabelText('المبلغ (بالدولار $)'), '0');
    await user.click(screen.getByRole('button', { name: 'إرسال طلب الشحن' }));
    expect(await screen.findByText('يرجى إدخال المبلغ')).toHaveAttribute('id', 'topup-amount-error');
    expect(screen.getByText('يرجى اختيار صورة الإشعار')).toHaveAttribute('id', 'topup-image-error');
    expect(screen.getByLabelText('المبلغ (بالدولار $)')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends amount, bank and image as a form, shows processing, then the success toast', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = mockApi({
      ...base,
      'GET /banks': { status: 'success', data: { banks } },
      'POST /banks': () => new Promise<Response>((r) => (answer = r)),
    });
    const { user } = await chooseFirstBank();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });
    await user.type(screen.getByLabelText('المبلغ (بالدولار $)'), '25.50');
    await user.upload(screen.getByLabelText('صورة الإشعار'), file);
    expect(screen.getByAltText('معاينة صورة الإشعار')).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'إرسال طلب الشحن' }));

    expect(await screen.findByRole('button', { name: 'جاري المعالجة...' })).toBeDisabled();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = post?.[1]?.body as FormData;
    expect(body.get('amount')).toBe('25.50');
    expect(body.get('bank_id')).toBe('1');
    expect((body.get('img') as File).name).toBe('receipt.png');

    answer(json({ status: 'success', msg: 'تم إرسال طلبك بنجاح' }));
    expect(await screen.findByText('تم إرسال طلبك بنجاح')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('المبلغ (بالدولار $)')).toHaveValue(''));
    expect(screen.getByRole('button', { name: 'إرسال طلب الشحن' })).toBeEnabled();
  });

  it('sends the optional transfer reference, and refuses symbols in it before sending', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /banks': { status: 'success', data: { banks } },
      'POST /banks': json({ status: 'success', msg: 'تم إرسال طلبك بنجاح' }),
    });
    const { user } = await chooseFirstBank();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'receipt.png', { type: 'image/png' });
    await user.type(screen.getByLabelText('المبلغ (بالدولار $)'), '10');
    await user.upload(screen.getByLabelText('صورة الإشعار'), file);
    await user.type(screen.getByLabelText('رقم الحوالة (اختياري)'), '<TR-1>');
    await user.click(screen.getByRole('button', { name: 'إرسال طلب الشحن' }));
    expect(await screen.findByText('رقم الحوالة يتكون من أحرف وأرقام فقط (60 على الأكثر)')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText('رقم الحوالة (اختياري)'));
    await user.type(screen.getByLabelText('رقم الحوالة (اختياري)'), 'TR-553 01');
    await user.click(screen.getByRole('button', { name: 'إرسال طلب الشحن' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const body = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body as FormData;
    expect(body.get('transfer_ref')).toBe('TR-553 01');
  });

  it("shows the server's field message beside the field", async () => {
    mockApi({
      ...base,
      'GET /banks': { status: 'success', data: { banks } },
      'POST /banks': json(
        { status: 'error', msg: 'يرجى إدخال المبلغ بالأرقام', errors: { amount: ['يرجى إدخال المبلغ بالأرقام'] } },
        422,
      ),
    });
    const { user } = await chooseFirstBank();
    await user.type(screen.getByLabelText('المبلغ (بالدولار $)'), 'مئة');
    await user.upload(screen.getByLabelText('صورة الإشعار'), new File(['x'], 'r.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'إرسال طلب الشحن' }));
    const form = screen.getByRole('button', { name: 'إرسال طلب الشحن' }).closest('form')!;
    expect(await within(form).findByText('يرجى إدخال المبلغ بالأرقام')).toHaveAttribute('id', 'topup-amount-error');
  });
});

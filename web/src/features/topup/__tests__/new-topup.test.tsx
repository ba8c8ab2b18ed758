import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { needsShrink, SHRINK_ABOVE_BYTES, shrinkPhoto, shrinkScale } from '../lib/shrink-photo';

// The browser's canvas does not run under jsdom: the real redraw is checked in Chromium (e2e/topup-currency.test.ts).
// Here the form's use of it is: a big photo goes through shrinkPhoto and what it returns is what is sent.
vi.mock('../lib/shrink-photo', async (actual) => {
  const real = await actual<typeof import('../lib/shrink-photo')>();
  return {
    ...real,
    shrinkPhoto: vi.fn(async (file: File) =>
      real.needsShrink(file) ? new File([new Uint8Array(900_000)], 'receipt.jpg', { type: 'image/jpeg' }) : file,
    ),
  };
});
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
    currency: 'USD',
    rate: '1.00',
  },
  {
    id: 2,
    name: 'زراعات بنك',
    img: null,
    info: 'بالليرة التركية',
    iban: 'TR33 0006 1005 1978 6457 8413 26',
    holder: '',
    currency: 'TRY',
    rate: '42.50',
  },
];
const sent = (over: Record<string, unknown> = {}) =>
  json({
    status: 'success',
    msg: 'تم إرسال طلبك بنجاح',
    data: {
      charge: {
        id: 41,
        img: '/public/api/v1/receipts/x.png?expires=1&sig=s',
        bank: 'بنك البركة',
        bank_id: 1,
        amount: '25.50',
        status: 'pending',
        created_at: '2026-11-26T10:30:00.000Z',
        reason: null,
        currency: 'USD',
        rate: '1.00',
        amount_local: '25.50',
        ...over,
      },
    },
  });
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
  it('asks for a method (a hint, not a warning) until one is chosen, then shows its name, info and IBAN', async () => {
    mockApi({ ...base, 'GET /banks': { status: 'success', data: { banks } } });
    const { user } = renderApp('/payments');
    const hint = await screen.findByText('يرجى اختيار طريقة الدفع');
    expect(hint).not.toHaveAttribute('role');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
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
    expect(await screen.findByText('لا توجد طرق دفع')).toBeInTheDocument();
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

    answer(sent());
    expect(await screen.findByText('تم إرسال طلبك بنجاح')).toBeInTheDocument();
    // The request's number and status, and where to follow it.
    const result = await screen.findByRole('heading', { level: 2, name: 'تم استلام طلب الشحن رقم 41' });
    const card = result.closest('[role="status"]') as HTMLElement;
    expect(within(card).getByText('قيد الانتظار')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'طلبات الشحن' })).toHaveAttribute('href', '/charges');
    await user.click(within(card).getByRole('button', { name: 'إرسال طلب آخر' }));
    await user.click(await screen.findByLabelText('بنك البركة'));
    expect(screen.getByLabelText('المبلغ (بالدولار $)')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'إرسال طلب الشحن' })).toBeEnabled();
  });

  it('sends the optional transfer reference, and refuses symbols in it before sending', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /banks': { status: 'success', data: { banks } },
      'POST /banks': sent(),
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

  it("shows the bank's rate and the dollars the typed lira credit, cut down to the cent", async () => {
    mockApi({ ...base, 'GET /banks': { status: 'success', data: { banks } } });
    const { user } = renderApp('/payments');
    await user.click(await screen.findByLabelText('زراعات بنك'));
    const amount = screen.getByLabelText('المبلغ (بالليرة التركية ل.ت)');
    expect(screen.getByText('1 $ = 42.50 ل.ت')).toBeInTheDocument();
    expect(screen.getByText('اكتب المبلغ المحوَّل لترى ما يُضاف إلى رصيدك بالدولار')).toBeInTheDocument();
    await user.type(amount, '١٠٠٠');
    expect(screen.getByTestId('topup-dollars')).toHaveTextContent('23.52 $');
    expect(screen.getByText(/ستحصل على/)).toBeInTheDocument();
  });

  it('a dollar bank shows no rate', async () => {
    mockApi({ ...base, 'GET /banks': { status: 'success', data: { banks } } });
    await chooseFirstBank();
    expect(screen.queryByText(/سعر الصرف/)).not.toBeInTheDocument();
  });

  it('shrinks a big photo before sending, and sends what the shrinking returned', async () => {
    const fetchMock = mockApi({ ...base, 'GET /banks': { status: 'success', data: { banks } }, 'POST /banks': sent() });
    const { user } = await chooseFirstBank();
    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'IMG_2041.jpeg', { type: 'image/jpeg' });
    await user.type(screen.getByLabelText('المبلغ (بالدولار $)'), '25.50');
    await user.upload(screen.getByLabelText('صورة الإشعار'), big);
    await user.click(screen.getByRole('button', { name: 'إرسال طلب الشحن' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    expect(shrinkPhoto).toHaveBeenCalledWith(big);
    const body = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body as FormData;
    const img = body.get('img') as File;
    expect([img.name, img.type, img.size]).toEqual(['receipt.jpg', 'image/jpeg', 900_000]);
  });

  it("refuses a file over the server's limit before uploading it, naming the limit", async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /banks': { status: 'success', data: { banks, upload_max_bytes: 1024 * 1024 } },
    });
    const { user } = await chooseFirstBank();
    const pdf = new File([new Uint8Array(2 * 1024 * 1024)], 'statement.pdf', { type: 'application/pdf' });
    await user.type(screen.getByLabelText('المبلغ (بالدولار $)'), '25.50');
    await user.upload(screen.getByLabelText('صورة الإشعار'), pdf);
    expect(screen.queryByAltText('معاينة صورة الإشعار')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'إرسال طلب الشحن' }));
    expect(
      await screen.findByText('حجم الملف أكبر من الحد المسموح (1 ميغابايت)، يرجى اختيار ملف أصغر'),
    ).toHaveAttribute('id', 'topup-image-error');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

describe('shrinking a receipt photo', () => {
  it('shrinks only photos over 1.5 MB, never a PDF, to at most 2000 px and never up', () => {
    const photo = (size: number, type = 'image/jpeg') => new File([new Uint8Array(size)], 'r', { type });
    expect(needsShrink(photo(SHRINK_ABOVE_BYTES + 1))).toBe(true);
    expect(needsShrink(photo(SHRINK_ABOVE_BYTES))).toBe(false);
    expect(needsShrink(photo(SHRINK_ABOVE_BYTES * 3, 'application/pdf'))).toBe(false);
    expect(shrinkScale(4000, 3000)).toBe(0.5);
    expect(shrinkScale(1200, 4800)).toBeCloseTo(2000 / 4800);
    expect(shrinkScale(800, 600)).toBe(1);
  });
});

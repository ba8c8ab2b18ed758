import { emptyReply, settingReply } from '@raseed/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { testSettings } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { ApiError, api, setAuthToken, setPasswordConfirmHandler } from '../api-client';

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api client', () => {
  afterEach(() => {
    setAuthToken(null);
    setPasswordConfirmHandler(null);
  });

  it('asks for the password on a 423 and sends again, except for a call that must not interrupt', async () => {
    const asked: string[] = [];
    let confirmed = false;
    setPasswordConfirmHandler(async (msg) => {
      asked.push(msg);
      confirmed = true;
      return true;
    });
    const locked = () => json({ status: 'error', msg: 'لحماية حسابك، أدخل كلمة المرور مجدداً للمتابعة' }, 423);
    mockApi({ 'POST /push-subscription': () => (confirmed ? json({ status: 'success' }) : locked()) });
    const quiet = await caught(api.post('/push-subscription', {}, emptyReply, { askPassword: false }));
    expect(quiet.status).toBe(423);
    expect(asked).toEqual([]);
    await api.post('/push-subscription', {}, emptyReply);
    expect(asked).toEqual(['لحماية حسابك، أدخل كلمة المرور مجدداً للمتابعة']);
  });

  it('parses a success reply with the contract schema', async () => {
    mockApi({ 'GET /setting': settingsReply(testSettings) });
    const reply = await api.get('/setting', settingReply);
    expect(reply.data.setting.name).toBe('متجر رصيد');
  });

  it('validates with a schema picked from the contract it loads with the request (first-screen calls)', async () => {
    mockApi({ 'GET /setting': settingsReply(testSettings) });
    const reply = await api.get('/setting', (c) => c.settingReply);
    expect(reply.data.setting.name).toBe('متجر رصيد');
    mockApi({ 'GET /setting': json({ status: 'success', data: { setting: { name: 5 } } }) });
    const error = await caught(api.get('/setting', (c) => c.settingReply));
    expect(error.msg).toBe('حدث خطأ في الطلب');
  });

  it('asks for JSON under /public/api/v1 and sends the bearer token once known', async () => {
    const fetchMock = mockApi({ 'GET /setting': settingsReply(testSettings) });
    await api.get('/setting', settingReply, { query: { page: 2, status: '', search: 'pubg' } });
    setAuthToken('tok-1');
    await api.get('/setting', settingReply);

    const [firstUrl, firstInit] = fetchMock.mock.calls[0] ?? [];
    expect(String(firstUrl)).toBe('/public/api/v1/setting?page=2&search=pubg');
    const firstHeaders = new Headers(firstInit?.headers);
    expect(firstHeaders.get('Accept')).toBe('application/json');
    expect(firstHeaders.has('Authorization')).toBe(false);
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('Authorization')).toBe('Bearer tok-1');
  });

  it('sends FormData as is and plain objects as JSON', async () => {
    const seen: Array<string | null> = [];
    mockApi({
      'POST /banks': (request: Request) => {
        seen.push(request.headers.get('Content-Type'));
        return json({ status: 'success' });
      },
    });
    const form = new FormData();
    form.set('amount', '10');
    await api.post('/banks', form, emptyReply);
    await api.post('/banks', { code: '123456' }, emptyReply);
    expect(seen[0]).toMatch(/^multipart\/form-data/);
    expect(seen[1]).toBe('application/json');
  });

  it('throws ApiError carrying the server msg, status and field errors', async () => {
    mockApi({
      'POST /register': json({ status: 'error', msg: 'البيانات غير صحيحة', errors: { email: ['البريد مستخدم'] } }, 422),
    });
    const error = await caught(api.post('/register', new URLSearchParams(), emptyReply));
    expect(error.status).toBe(422);
    expect(error.msg).toBe('البيانات غير صحيحة');
    expect(error.errors).toEqual({ email: ['البريد مستخدم'] });
  });

  it("carries the reply's stable code, and keeps msg when the code is missing or newer than this build", async () => {
    mockApi({
      'POST /orders-create-code': json({ status: 'error', code: 'insufficient_balance', msg: 'رصيدك غير كافٍ' }, 422),
      'GET /orders': json({ status: 'error', code: 'some_future_code', msg: 'رسالة جديدة' }, 400),
      'GET /notifications': json({ status: 'error', msg: 'بلا رمز' }, 400),
    });
    const known = await caught(api.post('/orders-create-code', { product_id: 1 }, emptyReply));
    expect([known.status, known.code, known.msg]).toEqual([422, 'insufficient_balance', 'رصيدك غير كافٍ']);
    const newer = await caught(api.get('/orders', emptyReply));
    expect([newer.code, newer.msg]).toEqual(['some_future_code', 'رسالة جديدة']);
    const none = await caught(api.get('/notifications', emptyReply));
    expect([none.code, none.msg]).toEqual([undefined, 'بلا رمز']);
  });

  it('falls back to the copy text when the error body has no msg', async () => {
    mockApi({ 'GET /orders': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = await caught(api.get('/orders', emptyReply));
    expect(error.status).toBe(502);
    expect(error.msg).toBe('حدث خطأ في الطلب');
    expect(error.errors).toBeUndefined();
  });

  it('turns a network failure into ApiError with status 0 and the copy text', async () => {
    const error = await caught(api.get('/setting', settingReply));
    expect(error.status).toBe(0);
    expect(error.code).toBeUndefined();
    expect(error.msg).toBe('حدث خطأ في الطلب');
  });

  it('rejects a 2xx reply that does not match the schema', async () => {
    mockApi({ 'GET /setting': { status: 'success', data: { setting: { name: 1 } } } });
    const error = await caught(api.get('/setting', settingReply));
    expect(error.msg).toBe('حدث خطأ في الطلب');
  });

  it('treats an error body under a 200 status as an error', async () => {
    mockApi({ 'DELETE /user/two-factor-authentication': { status: 'error', msg: 'رمز غير صحيح' } });
    const error = await caught(api.del('/user/two-factor-authentication', emptyReply));
    expect(error.msg).toBe('رمز غير صحيح');
  });
});

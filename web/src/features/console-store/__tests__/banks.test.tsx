import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ok, operatorUser, statsReply } from '@/testing/console-fixtures';

const A = '/admin/api/v1';
const bank = (over: object) => ({
  id: 1,
  name: 'بنك البركة',
  img: null,
  info: '',
  iban: 'SY21 0021',
  holder: 'شركة رصيد',
  currency: 'USD',
  rate: '1.00',
  sort: 0,
  ...over,
});

describe('operator payment methods', () => {
  it("lists each bank's currency and rate, and edits them with the bank", async () => {
    storeSession(operatorUser);
    const sent: FormData[] = [];
    mockApi({
      'GET /setting': settingsReply(testSettings),
      'GET /me': ok({ user: operatorUser }),
      [`GET ${A}/stats`]: statsReply,
      [`GET ${A}/banks`]: ok({
        banks: [bank({}), bank({ id: 2, name: 'زراعات بنك', currency: 'TRY', rate: '42.50', sort: 1 })],
      }),
      [`PATCH ${A}/banks/2`]: async (request: Request) => {
        sent.push(await request.formData());
        return json(ok({ bank: bank({ id: 2, name: 'زراعات بنك', currency: 'TRY', rate: '43.10', sort: 1 }) }));
      },
    });
    const { user } = renderApp('/admin/banks');
    expect(await screen.findByText('1 $ = 42.50 ل.ت')).toBeInTheDocument();
    expect(screen.getByText('دولار أمريكي (USD)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'تعديل: زراعات بنك' }));
    const form = screen.getByLabelText('عملة التحويل').closest('form')!;
    expect(within(form).getByLabelText('عملة التحويل')).toHaveValue('TRY');
    const rate = within(form).getByLabelText('سعر الصرف (كم تساوي من عملة البنك دولاراً واحداً)');
    expect(rate).toHaveValue('42.50');
    expect(within(form).getByLabelText('اسم صاحب الحساب')).toHaveValue('شركة رصيد');
    await user.clear(rate);
    await user.type(rate, '43.10');
    await user.click(within(form).getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect([sent[0]!.get('currency'), sent[0]!.get('rate')]).toEqual(['TRY', '43.10']);
  });
});

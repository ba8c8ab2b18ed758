import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSession, testSettings } from '@/testing/fixtures';
import { mockApi, settingsReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

function favicon(): string | null {
  return document.head.querySelector('link[rel="icon"]')?.getAttribute('href') ?? null;
}

describe('settings loaded at start', () => {
  it('names the page after the store and uses its logo as favicon', async () => {
    mockApi({ 'GET /setting': settingsReply(testSettings) });
    renderApp('/login');
    await waitFor(() => expect(document.title).toBe('متجر رصيد'));
    expect(favicon()).toBe('https://cdn.example.com/logo.png');
  });

  it('shows the news line on the home page, or the welcome text when there is none', async () => {
    storeSession();
    mockApi({ 'GET /setting': settingsReply({ ...testSettings, news: null }) });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'الرئيسية' })).toBeInTheDocument();
    expect(await screen.findByText('أهلاً وسهلاً بكم في متجرنا')).toBeInTheDocument();
  });

  it('falls back to the default title and tells the customer when settings fail to load', async () => {
    document.title = 'stale';
    mockApi({ 'GET /setting': { status: 'error', msg: 'خطأ في الخادم' } });
    renderApp('/login');
    expect(await screen.findByText('حدث خطأ أثناء الدخول إلى الموقع، يرجى تحديث الصفحة')).toBeInTheDocument();
    expect(document.title).toBe('الصفحة الرئيسية');
  });
});

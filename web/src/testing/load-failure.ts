import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A list page that failed to load (components/ui/list-state): the page says what failed with
 * the server's message and a retry; `toast: true` also expects that message in a dark toast.
 */
export async function expectLoadFailure(msg: string, { toast }: { toast: boolean }): Promise<void> {
  const retry = await screen.findByRole('button', { name: 'إعادة المحاولة' }, { timeout: 4000 });
  const alert = retry.closest('[role="alert"]') as HTMLElement;
  expect(within(alert).getByText(msg)).toBeInTheDocument();
  const toasts = screen.queryAllByText(msg).filter((el) => el.closest('.Toastify__toast'));
  if (toast) {
    expect(toasts).toHaveLength(1);
    expect(toasts[0]!.closest('.Toastify__toast')).toHaveClass('Toastify__toast-theme--dark');
  } else {
    expect(toasts).toHaveLength(0);
  }
}

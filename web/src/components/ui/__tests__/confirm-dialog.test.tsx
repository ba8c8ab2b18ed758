import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../confirm-dialog';

function Asking({ pending = false }: { pending?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button">خارج الحوار</button>
      {open ? (
        <ConfirmDialog
          title="تأكيد الشراء"
          confirmLabel="تأكيد"
          backLabel="رجوع"
          pending={pending}
          onConfirm={() => {}}
          onBack={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

describe('the confirm dialog', () => {
  it('goes back on Escape even when the focus has left it', async () => {
    const user = userEvent.setup();
    render(<Asking />);
    expect(screen.getByRole('button', { name: 'تأكيد' })).toHaveFocus();
    act(() => screen.getByRole('button', { name: 'خارج الحوار' }).focus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'تأكيد الشراء' })).toBeNull();
  });

  it('stays while its answer is being sent', async () => {
    const user = userEvent.setup();
    render(<Asking pending />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'تأكيد الشراء' })).toBeInTheDocument();
  });
});

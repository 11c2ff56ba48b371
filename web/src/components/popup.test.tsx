import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Popup } from './popup';

function Harness({ autoCloseMs }: { autoCloseMs?: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Popup
        open={open}
        variant="error"
        message="Please fill all necessary field."
        onClose={() => setOpen(false)}
        autoCloseMs={autoCloseMs}
      />
    </>
  );
}

describe('Popup', () => {
  it('takes focus, traps Tab, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // Its backdrop sits at the end of <body>, outside any section that contains its paint.
    expect(dialog.parentElement?.parentElement).toBe(document.body);
    expect(dialog).toHaveAccessibleDescription('Please fill all necessary field.');
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(ok).toHaveFocus();
    await user.tab();
    expect(ok).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes itself after autoCloseMs', () => {
    vi.useFakeTimers();
    render(<Harness autoCloseMs={2000} />);
    act(() => screen.getByRole('button', { name: 'Open' }).click());
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    vi.useRealTimers();
  });
});

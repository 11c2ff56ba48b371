import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RestoreBanner } from './restore-banner';

describe('RestoreBanner', () => {
  it('names when the copy was kept and offers restore or discard', () => {
    const onRestore = vi.fn();
    const onDiscard = vi.fn();
    const savedAt = Date.parse('2025-03-01T10:04:00Z');
    render(<RestoreBanner savedAt={savedAt} onRestore={onRestore} onDiscard={onDiscard} />);
    const time = new Intl.DateTimeFormat(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(savedAt);
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: `Restore unsaved changes from ${time}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onRestore).toHaveBeenCalledOnce();
    expect(onDiscard).toHaveBeenCalledOnce();
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatAdminDateTime } from './format-admin-date';
import { RestoreBanner } from './restore-banner';

describe('RestoreBanner', () => {
  it('names when the copy was kept and offers restore or discard', () => {
    const onRestore = vi.fn();
    const onDiscard = vi.fn();
    const savedAt = Date.parse('2025-03-01T10:04:00Z');
    render(<RestoreBanner savedAt={savedAt} onRestore={onRestore} onDiscard={onDiscard} />);
    // The admin's one date-time format ("1 Mar 2025, 10:04" in UTC), in the browser's zone.
    const time = formatAdminDateTime(savedAt);
    expect(time).toMatch(/^\d{1,2} [A-Z][a-z]{2} 2025, \d{2}:\d{2}$/);
    expect(screen.getByRole('region', { name: 'Unsaved changes' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: `Restore unsaved changes from ${time}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onRestore).toHaveBeenCalledOnce();
    expect(onDiscard).toHaveBeenCalledOnce();
  });
});

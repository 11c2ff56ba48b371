import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { describeValue, useMergeRestore } from './conflict-choice';

const base = { title: 'About us', description: 'Who we are.' };

function Harness({ apply }: { apply: (v: typeof base, message: string) => void }) {
  const theirs = { title: 'About the agency', description: 'Who we are, since 2010.' };
  const { restore, choice } = useMergeRestore(theirs, apply, {
    subject: 'this page',
    labelOf: (c) => String(c.path[0]),
  });
  return (
    <>
      <button
        type="button"
        onClick={() => restore({ savedAt: 1, base, values: { ...base, title: 'About our team' } })}
      >
        Restore
      </button>
      {choice}
    </>
  );
}

describe('useMergeRestore', () => {
  it('asks which title to keep, keeps their description, applies only once chosen', () => {
    const apply = vi.fn();
    render(<Harness apply={apply} />);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    const field = screen.getByRole('group', { name: 'title' });
    expect(field).toHaveTextContent('About our team');
    expect(field).toHaveTextContent('About the agency');
    expect(screen.getByRole('button', { name: 'Choose one more field' })).toBeDisabled();
    expect(apply).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: /Keep mine/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(apply).toHaveBeenCalledWith(
      { title: 'About our team', description: 'Who we are, since 2010.' },
      expect.stringContaining('choices'),
    );
    expect(screen.queryByRole('group', { name: 'title' })).toBeNull();
  });

  it('applies a copy without a stored base as it was kept', () => {
    function Old({ apply }: { apply: (v: typeof base) => void }) {
      const { restore } = useMergeRestore(base, apply, { subject: 'x', labelOf: () => '' });
      return (
        <button
          type="button"
          onClick={() => restore({ savedAt: 1, base: null, values: { ...base, title: 'T' } })}
        >
          Restore
        </button>
      );
    }
    const apply = vi.fn();
    render(<Old apply={apply} />);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(apply).toHaveBeenCalledWith({ ...base, title: 'T' }, expect.any(String));
  });
});

describe('describeValue', () => {
  it('shows text without markup, a removed value as Removed', () => {
    expect(describeValue('<p>One &amp; <b>two</b></p>')).toBe('One & two');
    expect(describeValue(undefined)).toBe('Removed');
    expect(describeValue({ id: 'x', question: 'Why?', answer: '' })).toBe('Why?');
    expect(describeValue('')).toBe('(empty)');
  });
});

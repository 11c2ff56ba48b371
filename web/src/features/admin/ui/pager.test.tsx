import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

// jsdom applies stylesheets (without layout): enough to see which rules reach which button.
const sheets = ['../../../styles/base.css', 'admin.css'].map((file) => {
  const style = document.createElement('style');
  style.textContent = readFileSync(join(__dirname, file), 'utf8');
  return style;
});
beforeAll(() => document.head.append(...sheets));
afterAll(() => sheets.forEach((s) => s.remove()));

describe('Pager', () => {
  it('on the first of several pages: Previous is disabled and looks it, Next works', () => {
    const onPage = vi.fn();
    render(<Pager label="Post pages" page={1} hasPrevious={false} hasNext onPage={onPage} />);
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();

    const off = getComputedStyle(previous);
    const on = getComputedStyle(next);
    expect(off.cursor).toBe('not-allowed');
    expect(on.cursor).toBe('pointer');
    expect(off.color).not.toBe(on.color);
    expect(off.borderColor).not.toBe(on.borderColor);

    fireEvent.click(previous);
    fireEvent.click(next);
    expect(onPage.mock.calls).toEqual([[2]]);
    expect(screen.getByRole('navigation', { name: 'Post pages' })).toHaveTextContent('Page 1');
  });

  it('keeps keyboard focus in the pager when paging disables the button just pressed', () => {
    const { rerender } = render(
      <Pager label="Lead pages" page={1} hasPrevious={false} hasNext onPage={() => {}} />,
    );
    const next = screen.getByRole('button', { name: 'Next' });
    next.focus();
    fireEvent.click(next);
    rerender(<Pager label="Lead pages" page={2} hasPrevious hasNext={false} onPage={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveFocus();
  });

  it('does not take focus when it first shows on a last page', () => {
    render(<Pager label="Lead pages" page={3} hasPrevious hasNext={false} onPage={() => {}} />);
    expect(document.body).toHaveFocus();
  });
});

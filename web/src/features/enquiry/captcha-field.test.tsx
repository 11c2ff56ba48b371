import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import EnquiryForm from './enquiry-form';

// The widget's own markup (ALTCHA 3: a checkbox with a tick drawn over it, its label), without the
// Web Workers and proof of work jsdom lacks.
vi.mock('./altcha-widget', () => ({
  default: () => (
    <div className="altcha" data-state="unverified">
      <div className="altcha-main">
        <div className="altcha-checkbox">
          <input type="checkbox" id="altcha-checkbox" />
          <svg data-testid="tick" aria-hidden="true" />
        </div>
        <label htmlFor="altcha-checkbox">I&apos;m not a robot</label>
      </div>
    </div>
  ),
}));

// jsdom applies stylesheets (without layout): enough to see which rules reach which element.
const sheets = ['../../styles/components.css', 'altcha-widget.css'].map((file) => {
  const style = document.createElement('style');
  style.textContent = readFileSync(join(__dirname, file), 'utf8');
  return style;
});
beforeAll(() => document.head.append(...sheets));
afterAll(() => sheets.forEach((s) => s.remove()));

const style = (el: Element) => getComputedStyle(el);

function renderForm() {
  const user = userEvent.setup({ delay: null });
  const { container } = render(
    <MemoryRouter initialEntries={['/contact']}>
      <EnquiryForm />
    </MemoryRouter>,
  );
  const slot = container.querySelector('.enquiry__captcha');
  if (!slot) throw new Error('no captcha slot');
  return { user, slot };
}

describe('captcha slot of the enquiry form', () => {
  it('keeps the widget’s checkbox a plain box: the fields’ control style stays on the fields', async () => {
    const { user } = renderForm();
    await user.click(screen.getByLabelText('Name'));
    const checkbox = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    const field = style(screen.getByLabelText('Name'));
    expect([field.minHeight, field.width, field.borderRadius]).toEqual(['46px', '100%', '8px']);
    expect(style(checkbox).minHeight).not.toBe(field.minHeight);
    expect(style(checkbox).width).not.toBe(field.width);
    expect(style(checkbox).borderRadius).not.toBe(field.borderRadius);
  });

  it('lets a click on the middle of the checkbox reach it: the drawn tick takes no pointer events', async () => {
    const { user } = renderForm();
    await user.click(screen.getByLabelText('Name'));
    expect(style(await screen.findByTestId('tick')).pointerEvents).toBe('none');
  });

  it('reserves one height for the empty slot, the loading stand-in and the widget, so the button below stays put', async () => {
    const { user, slot } = renderForm();
    const reserved = style(slot).getPropertyValue('--captcha-height');
    expect(reserved).toMatch(/^\d+px$/);
    expect(style(slot).minHeight).toBe('var(--captcha-height)');

    await user.click(screen.getByLabelText('Name'));
    const standIn = screen.queryByText('Loading the captcha…');
    // The widget's chunk may already be in; when the stand-in shows, it takes the same height.
    if (standIn) expect(style(standIn).minHeight).toBe('var(--captcha-height)');
    await screen.findByRole('checkbox', { name: "I'm not a robot" });
    const main = slot.querySelector('.altcha-main');
    if (!main) throw new Error('no widget box');
    expect(style(main).minHeight).toBe('var(--captcha-height)');
    expect(style(main).getPropertyValue('--captcha-height')).toBe(reserved);
  });
});

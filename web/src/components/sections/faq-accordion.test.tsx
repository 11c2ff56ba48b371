import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FaqAccordion } from './faq-accordion';
import './test-helpers';

const items = [
  { question: 'How long does SEO take?', answer: 'Usually four to six months.' },
  { question: 'Do you write content?', answer: 'Yes, our writers do.' },
  { question: 'Do you report monthly?', answer: 'Every month, in plain language.' },
];

describe('FaqAccordion', () => {
  it('opens the first answer initially and keeps the others hidden but in the HTML', () => {
    render(<FaqAccordion heading="FAQ" items={items} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-expanded'))).toEqual(['true', 'false', 'false']);
    expect(screen.getByText('Usually four to six months.')).toBeVisible();
    expect(screen.getByText('Yes, our writers do.')).not.toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'FAQ' })).toBeInTheDocument();
  });

  it('shows one answer at a time and ties each button to its answer', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items} />);
    const second = screen.getByRole('button', { name: 'Do you write content?' });
    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'How long does SEO take?' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByText('Usually four to six months.')).not.toBeVisible();

    const panelId = second.getAttribute('aria-controls') ?? '';
    const panel = document.getElementById(panelId);
    expect(panel).toHaveTextContent('Yes, our writers do.');
    expect(panel).toBeVisible();
    expect(screen.getByRole('region', { name: 'Do you write content?' })).toBe(panel);
  });

  it('closes the open answer when its question is pressed again', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items} />);
    const first = screen.getByRole('button', { name: 'How long does SEO take?' });
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(
      screen.getAllByRole('button').every((b) => b.getAttribute('aria-expanded') === 'false'),
    ).toBe(true);
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FaqAccordion } from './faq-accordion';
import './test-helpers';

const items = [
  { question: 'How long does SEO take?', answer: 'Usually four to six months.' },
  { question: 'Do you write content?', answer: 'Yes, our writers do.' },
  { question: 'Do you report monthly?', answer: 'Every month, in plain language.' },
];

const entries = () => [...document.querySelectorAll('details')];

describe('FaqAccordion', () => {
  it('opens the first answer initially; every question is a heading and every answer is in the HTML', () => {
    render(<FaqAccordion heading="FAQ" items={items} />);
    expect(entries().map((d) => d.open)).toEqual([true, false, false]);
    expect(screen.getByRole('heading', { level: 2, name: 'FAQ' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      items.map((i) => i.question),
    );
    for (const { answer } of items) expect(screen.getByText(answer)).toBeInTheDocument();
  });

  it('is one exclusive group per accordion: its entries share a name no other accordion has', () => {
    render(
      <>
        <FaqAccordion items={items} />
        <FaqAccordion items={items} />
      </>,
    );
    const names = entries().map((d) => d.getAttribute('name'));
    expect(names[0]).toBeTruthy();
    expect(new Set(names.slice(0, 3)).size).toBe(1);
    expect(new Set(names.slice(3)).size).toBe(1);
    expect(names[3]).not.toBe(names[0]);
  });

  it('is the browser’s own widget: the server HTML opens and closes with no script', () => {
    const html = renderToStaticMarkup(<FaqAccordion items={items} />);
    // The question is the <details>' summary, the first one alone open, and no handler or hidden
    // answer waits for a script.
    expect(html.match(/<details[^>]*>\s*<summary/g)).toHaveLength(3);
    expect(html.match(/<details[^>]* open=""/g)).toHaveLength(1);
    expect(html).not.toMatch(/\shidden[\s=>]|aria-expanded|<button/);
  });

  it('a question clicked opens its answer', async () => {
    const user = userEvent.setup();
    render(<FaqAccordion items={items} />);
    await user.click(screen.getByText('Do you write content?'));
    expect(entries()[1]?.open).toBe(true);
  });
});

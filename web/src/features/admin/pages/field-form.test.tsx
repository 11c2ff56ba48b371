import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  BLOCK_SCHEMAS,
  BLOCK_TYPE_NAMES,
  BLOCK_TYPES,
  blankFields,
  SITE_SETTINGS_FIELDS,
  type Field,
} from '@agency/shared';
import { FieldFormProvider, FieldsForm, type FieldFormScope } from './field-form';

// Quill needs a real browser: a textarea stands in for the rich-text field.
vi.mock('../ui/rich-text-field', () => ({
  default: ({
    id,
    value,
    onChange,
  }: {
    id: string;
    value: string;
    onChange: (v: string) => void;
  }) => <textarea id={id} value={value} onChange={(e) => onChange(e.target.value)} />,
}));

/** A generated form over its own state; `latest` holds what it last emitted. */
function renderForm(
  fields: Readonly<Record<string, Field>>,
  initial: Record<string, unknown>,
  errors: ReadonlyMap<string, string> = new Map(),
) {
  const latest = { value: initial };
  const announce = vi.fn();
  const scope: FieldFormScope = { idOf: (p) => `f-${p.join('.')}`, errors, announce };
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <FieldFormProvider scope={scope}>
        <FieldsForm
          fields={fields}
          path={[]}
          value={value}
          onChange={(next) => {
            latest.value = next;
            setValue(next);
          }}
        />
      </FieldFormProvider>
    );
  }
  render(<Harness />);
  return { latest, announce };
}

/** What a person types in an empty box, by what the box asks for. */
function typical(box: HTMLInputElement | HTMLTextAreaElement): string {
  if (box.placeholder.startsWith('/media')) return '/media/images/x/original.jpg';
  if (box.placeholder.startsWith('/contact')) return '/contact';
  // A patterned text's placeholder is a valid example: an element id, a date.
  if (/^[A-Za-z][\w-]*$|^\d{4}-\d{2}-\d{2}$/.test(box.placeholder)) return box.placeholder;
  return 'Some text';
}

describe('the generated form of every block type', () => {
  it.each(BLOCK_TYPE_NAMES)(
    '%s: its blank form renders, and filled in it passes the block schema',
    async (type) => {
      const { latest } = renderForm(
        BLOCK_TYPES[type].fields,
        blankFields(BLOCK_TYPES[type].fields),
      );
      // A rich-text field loads its editor lazily.
      await waitFor(() => expect(screen.queryByText('Loading editor…')).toBeNull());
      for (const box of screen.queryAllByRole('textbox')) {
        if (!(box instanceof HTMLInputElement || box instanceof HTMLTextAreaElement)) continue;
        if (box.value === '') fireEvent.change(box, { target: { value: typical(box) } });
      }
      const parsed = BLOCK_SCHEMAS[type].safeParse({ ...latest.value, id: 'b1', type });
      expect(parsed.error?.issues ?? []).toEqual([]);
    },
  );

  it('renders the site settings form from their declaration', () => {
    renderForm(SITE_SETTINGS_FIELDS, blankFields(SITE_SETTINGS_FIELDS));
    expect(screen.getByLabelText('Agency name')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Offices' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add social link' })).toBeInTheDocument();
  });

  it('keeps optional parts out of the value until added, and takes them out again', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm(BLOCK_TYPES.hero.fields, blankFields(BLOCK_TYPES.hero.fields));
    expect(latest.value).not.toHaveProperty('action');
    await user.click(screen.getByRole('button', { name: 'Add button' }));
    expect(latest.value.action).toEqual({ label: '', href: '' });
    await user.click(screen.getByRole('button', { name: 'Remove button' }));
    expect(latest.value).not.toHaveProperty('action');
    expect(screen.getByRole('button', { name: 'Add button' })).toHaveFocus();
  });
});

describe('list items', () => {
  const faq = () => ({
    heading: 'Questions',
    items: [
      { question: 'One?', answer: 'First.' },
      { question: 'Two?', answer: 'Second.' },
      { question: 'Three?', answer: 'Third.' },
    ],
  });
  const questions = (value: Record<string, unknown>) =>
    (value.items as { question: string }[]).map((i) => i.question);

  it('move with the keyboard: the focus follows the item and the live region says where it went', async () => {
    const user = userEvent.setup();
    const { latest, announce } = renderForm(BLOCK_TYPES.faq.fields, faq());
    screen.getByRole('button', { name: 'Move Question 1 down' }).focus();
    await user.keyboard('{Enter}');
    expect(questions(latest.value)).toEqual(['Two?', 'One?', 'Three?']);
    expect(announce).toHaveBeenLastCalledWith('Question 1 moved to position 2 of 3');
    // The item is now the second: the focus is on its own "down" button.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move Question 2 down' }),
    );
    await user.keyboard('{Enter}');
    expect(questions(latest.value)).toEqual(['Two?', 'Three?', 'One?']);
    // At the end of the list "down" is disabled: the focus goes to "up" of the same item.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Question 3 up' }));
    await user.keyboard('{Enter}');
    expect(questions(latest.value)).toEqual(['Two?', 'One?', 'Three?']);
    expect(announce).toHaveBeenLastCalledWith('Question 3 moved to position 2 of 3');
  });

  it('adds an item with blank fields (focus in its first field) and removes one down to the minimum', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm(BLOCK_TYPES.faq.fields, faq());
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    expect(latest.value.items).toHaveLength(4);
    expect(document.activeElement).toHaveAttribute('id', 'f-items.3.question');
    for (let i = 0; i < 3; i++)
      await user.click(screen.getByRole('button', { name: 'Remove Question 1' }));
    expect(screen.getByRole('button', { name: 'Remove Question 1' })).toBeDisabled();
  });

  it('reorders a list of texts the same way', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm(BLOCK_TYPES.techList.fields, {
      heading: 'Tools',
      items: ['React', 'AWS'],
    });
    await user.click(screen.getByRole('button', { name: 'Move Technologies 2 up' }));
    expect(latest.value.items).toEqual(['AWS', 'React']);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move Technologies 1 down' }),
    );
  });
});

describe('errors', () => {
  it('shows an error at its field, by path', () => {
    renderForm(
      BLOCK_TYPES.faq.fields,
      { heading: 'Q', items: [{ question: 'One?', answer: '' }] },
      new Map([['items.0.answer', 'Is required.']]),
    );
    const answer = screen.getByLabelText('Answer');
    expect(answer).toHaveAttribute('aria-invalid', 'true');
    expect(answer).toHaveAccessibleDescription('Is required.');
  });
});

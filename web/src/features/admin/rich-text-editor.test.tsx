import { act, render } from '@testing-library/react';
import Quill from 'quill';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import RichTextEditor from './rich-text-editor';

/** The form's side of the editor: holds what the editor reports, as the post form does. */
function Host({ initial, onValue }: { initial: string; onValue: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <span id="label">Content</span>
      <RichTextEditor
        id="content"
        labelledBy="label"
        value={value}
        onChange={(html) => {
          setValue(html);
          onValue(html);
        }}
      />
    </>
  );
}

function mount(initial: string) {
  const seen = { html: initial };
  const view = render(<Host initial={initial} onValue={(html) => (seen.html = html)} />);
  const container = view.container.querySelector<HTMLElement>('.ql-container');
  const quill = container ? Quill.find(container) : null;
  if (!(quill instanceof Quill)) throw new Error('the editor did not mount');
  return { quill, seen, unmount: view.unmount };
}

/** Types text as the author would: one character at a time, as user input. */
function type(quill: Quill, text: string): void {
  for (const ch of text) {
    const at = quill.getLength() - 1;
    act(() => {
      quill.insertText(at, ch, 'user');
    });
  }
}

describe('RichTextEditor output', () => {
  it('stores what the author typed and loads it back unchanged', () => {
    const first = mount('');
    const q = first.quill;
    type(q, 'Plain words, then  two spaces and   three.\nSecond line');
    act(() => {
      q.formatLine(0, 1, 'align', 'center', 'user');
      q.insertText(q.getLength() - 1, '\nA heading', 'user');
      q.formatLine(q.getLength() - 2, 1, 'header', 2, 'user');
      q.insertText(q.getLength() - 1, '\nfirst item\nsecond item', 'user');
      q.formatLine(q.getLength() - 20, 20, 'list', 'bullet', 'user');
      q.insertText(q.getLength() - 1, '\nSee ', 'user');
      q.formatLine(q.getLength() - 2, 1, 'list', false, 'user');
      q.insertText(q.getLength() - 1, 'our work', { link: 'https://example.com/work' }, 'user');
      q.insertText(q.getLength() - 1, ' today.', { link: false }, 'user');
    });
    const typed = q.getContents();
    const saved = first.seen.html;
    first.unmount();

    // Ordinary spaces between words; a run keeps non-breaking spaces so it stays visible.
    expect(saved).toBe(
      '<p class="ql-align-center">Plain words, then&nbsp; two spaces and&nbsp;&nbsp; three.</p>' +
        '<p>Second line</p><h2>A heading</h2>' +
        '<ul><li>first item</li><li>second item</li></ul>' +
        '<p>See <a href="https://example.com/work" rel="noopener noreferrer" target="_blank">our work</a> today.</p>',
    );
    expect(saved).not.toMatch(/[\w,.]&nbsp;\w/);

    // Load → the same document → one edit → save: only the edit changes.
    const second = mount(saved);
    expect(second.quill.getContents().ops).toEqual(typed.ops);
    act(() => {
      second.quill.insertText(second.quill.getLength() - 1, '!', 'user');
    });
    expect(second.seen.html).toBe(saved.replace('today.</p>', 'today.!</p>'));
    second.unmount();
  });

  it('keeps spaces at the edges of a line, which HTML would otherwise drop', () => {
    const first = mount('');
    type(first.quill, ' indented ');
    const saved = first.seen.html;
    const typed = first.quill.getContents();
    first.unmount();
    expect(saved).toBe('<p>&nbsp;indented&nbsp;</p>');
    const second = mount(saved);
    expect(second.quill.getContents().ops).toEqual(typed.ops);
    second.unmount();
  });
});

import { describe, expect, it } from 'vitest';
import { quillLists } from './quill-lists';

/** An item as Quill keeps it (its marker span as the API's sanitiser leaves it). */
const li = (kind: string, text: string, indent = 0) =>
  `<li data-list="${kind}"${indent > 0 ? ` class="ql-indent-${indent}"` : ''}><span class="ql-ui"></span>${text}</li>`;

describe('quillLists', () => {
  it('writes bullets as <ul> and numbers as <ol>, a change of kind starting a new list', () => {
    const quill = `<p>We collect:</p><ol>${li('bullet', 'Email address')}${li('bullet', 'Phone <strong>number</strong>')}${li('ordered', 'First')}${li('ordered', 'Second')}</ol><p>More.</p>`;
    expect(quillLists(quill)).toBe(
      '<p>We collect:</p><ul><li>Email address</li><li>Phone <strong>number</strong></li></ul>' +
        '<ol><li>First</li><li>Second</li></ol><p>More.</p>',
    );
  });

  it('nests deeper items in the item before them, and keeps alignment and check lists', () => {
    const quill =
      '<ol>' +
      li('ordered', 'One') +
      li('bullet', 'One a', 1) +
      li('bullet', 'One a i', 2) +
      li('bullet', 'One b', 1) +
      '<li data-list="ordered" class="ql-align-center"><span class="ql-ui" contenteditable="false"></span>Two</li>' +
      li('checked', 'Done') +
      '</ol>';
    expect(quillLists(quill)).toBe(
      '<ol><li>One<ul><li>One a<ul><li>One a i</li></ul></li><li>One b</li></ul></li>' +
        '<li class="ql-align-center">Two</li></ol>' +
        '<ul><li data-list="checked">Done</li></ul>',
    );
  });

  it('opens the lists down to an item deeper than the one before it, as Quill does', () => {
    expect(quillLists(`<ol>${li('bullet', 'Deep', 2)}</ol>`)).toBe(
      '<ul><li><ul><li><ul><li>Deep</li></ul></li></ul></li></ul>',
    );
  });

  it('leaves real lists, and runs twice to the same result', () => {
    const semantic =
      '<ul><li>Email <a href="mailto:a@b.example">a@b.example</a></li></ul><ol><li>First</li></ol>';
    expect(quillLists(semantic)).toBe(semantic);
    const once = quillLists(`<ol>${li('bullet', 'A')}${li('checked', 'B')}</ol>`);
    expect(quillLists(once)).toBe(once);
  });

  it('leaves an <ol> alone when one of its items is not Quill’s', () => {
    const mixed = `<ol>${li('bullet', 'A')}<li>B</li></ol>`;
    expect(quillLists(mixed)).toBe(mixed);
  });
});

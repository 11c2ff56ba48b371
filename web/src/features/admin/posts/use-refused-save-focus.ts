import { useEffect, useRef } from 'react';
import type { PostField } from './post-form-errors';
import type { Errors } from './post-form-values';

/** The fields in the order the form shows them: a refused save goes to the first one in error. */
const FORM_ORDER: readonly PostField[] = [
  'title',
  'slug',
  'category_id',
  'content',
  'meta_description',
  'head_tag',
  'banner_image',
  'author_id',
  'publish_at',
];

/**
 * Bring a field's error message into view and put the caret in the field: the control named `id`,
 * or inside a rich text or a button group, the first thing in the field that takes focus.
 */
function showFieldError(id: string): void {
  const message = document.getElementById(`${id}-error`);
  const control = document.getElementById(id);
  const field = message?.closest<HTMLElement>('.form-field');
  const first = (selector: string) => field?.querySelector<HTMLElement>(selector) ?? null;
  const target =
    control?.matches('input:not([hidden]), select, textarea') === true
      ? control
      : (first('[contenteditable="true"]') ??
        first('input:not([hidden]), select, textarea, button'));
  message?.scrollIntoView?.({ block: 'center' });
  target?.focus({ preventScroll: true });
}

/**
 * After a refused save, the first field in error (or the general message, at `generalRef`) comes
 * into view; `reveal()` marks a save as refused, so the next drawing of its messages does that.
 */
export function useRefusedSaveFocus(errors: Errors, idOf: (field: PostField) => string) {
  /** Set by a refused save: once its messages are drawn, the first field in error takes the focus. */
  const showError = useRef(false);
  const generalRef = useRef<HTMLDivElement>(null);

  // Runs after every drawing: the messages a refused save set are on the page only by then.
  useEffect(() => {
    if (!showError.current) return;
    showError.current = false;
    const first = FORM_ORDER.find((f) => errors[f]);
    if (first) showFieldError(idOf(first));
    else generalRef.current?.scrollIntoView?.({ block: 'center' });
  });

  const reveal = (): void => {
    showError.current = true;
  };
  return { generalRef, reveal };
}

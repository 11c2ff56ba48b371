import { BLOCK_TYPES } from '@agency/shared';
import { blockSummary, type BlockDraft } from './draft';

/**
 * The page's blocks as a list of buttons ("3. Services — What we do"): one press moves the focus
 * to that block's card, so the tenth block is two presses away, not a hundred. Folded by default,
 * so it costs one Tab at phone width.
 */
export function BlockOutline({
  blocks,
  toggleIdOf,
}: {
  blocks: readonly BlockDraft[];
  /** The id of the button heading the card of the block at an index. */
  toggleIdOf: (index: number) => string;
}) {
  if (blocks.length === 0) return null;
  const jump = (i: number): void => {
    const target = document.getElementById(toggleIdOf(i));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  };
  return (
    <details className="block-outline">
      <summary>Jump to a block ({blocks.length})</summary>
      <ol className="block-outline__list">
        {blocks.map((b, i) => {
          const summary = blockSummary(b);
          return (
            <li key={b.id}>
              <button type="button" className="block-outline__item" onClick={() => jump(i)}>
                {i + 1}. {BLOCK_TYPES[b.type].label}
                {summary ? ` — ${summary}` : ''}
                {b.hidden ? ' (hidden)' : ''}
              </button>
            </li>
          );
        })}
      </ol>
    </details>
  );
}

import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { BLOCK_TYPE_NAMES, BLOCK_TYPES, MAX_BLOCKS, type BlockTypeName } from '@agency/shared';
import {
  blockSummary,
  duplicateBlock,
  fieldsOfBlock,
  moveItem,
  newBlock,
  type BlockDraft,
} from './draft';
import { FieldsForm, movedText, useFocusAfterRender, type FieldFormScope } from './field-form';

/** The "Add block" menu: every block type with what it shows; Escape closes it. */
function AddBlockMenu({
  onPick,
  onClose,
}: {
  onPick: (type: BlockTypeName) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('button')?.focus();
  }, []);
  return (
    <div
      className="block-menu"
      role="group"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="block-menu__head">
        <h3 id={titleId}>Add a block</h3>
        <button type="button" className="btn btn--outline btn--small" onClick={onClose}>
          Cancel
        </button>
      </div>
      <ul ref={list} className="block-menu__list">
        {BLOCK_TYPE_NAMES.map((type) => (
          <li key={type}>
            <button type="button" className="block-menu__item" onClick={() => onPick(type)}>
              <strong>{BLOCK_TYPES[type].label}</strong>
              <span>{BLOCK_TYPES[type].description}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface BlockListProps {
  blocks: readonly BlockDraft[];
  onChange: (blocks: BlockDraft[]) => void;
  /** Ids of the cards shown open. */
  open: ReadonlySet<string>;
  setOpen: (update: (open: Set<string>) => Set<string>) => void;
  scope: FieldFormScope;
  /** Whether the block at an index has an error (its card says so). */
  hasError: (index: number) => boolean;
}

/**
 * The page's blocks as collapsible cards (the type and its first text), each with Move up / Move
 * down (the focus follows the block, the live region says where it went), Duplicate, Hide/Show,
 * Remove (with Undo) and "Add block below"; the open card shows the block's generated form.
 */
export function BlockList({ blocks, onChange, open, setOpen, scope, hasError }: BlockListProps) {
  const { idOf, announce } = scope;
  const focusLater = useFocusAfterRender();
  /** Where the "Add block" menu is open: the index a new block goes to. */
  const [adding, setAdding] = useState<number | null>(null);
  const [removed, setRemoved] = useState<{ block: BlockDraft; index: number } | null>(null);
  const cardId = (i: number): string => idOf(['blocks', i]);
  const label = (b: BlockDraft): string => BLOCK_TYPES[b.type].label;
  const full = blocks.length >= MAX_BLOCKS;

  const insert = (type: BlockTypeName, at: number): void => {
    const block = newBlock(type);
    const next = [...blocks.slice(0, at), block, ...blocks.slice(at)];
    onChange(next);
    setOpen((o) => new Set(o).add(block.id));
    setAdding(null);
    const first = Object.keys(BLOCK_TYPES[type].fields)[0];
    focusLater(...(first ? [idOf(['blocks', at, first])] : []), `${cardId(at)}-toggle`);
    announce(`${BLOCK_TYPES[type].label} added at position ${at + 1} of ${next.length}`);
  };

  const move = (i: number, to: number, button: 'up' | 'down'): void => {
    const block = blocks[i];
    if (!block) return;
    onChange(moveItem(blocks, i, to));
    focusLater(`${cardId(to)}-${button}`, `${cardId(to)}-${button === 'up' ? 'down' : 'up'}`);
    announce(movedText(label(block), to, blocks.length));
  };

  const remove = (i: number): void => {
    const block = blocks[i];
    if (!block) return;
    onChange(blocks.filter((_, j) => j !== i));
    setRemoved({ block, index: i });
    // The Undo note takes the removed card's place: the focus and the scroll stay where they were.
    focusLater('block-undo');
    announce(`${label(block)} removed. Undo is where it was.`);
  };

  const undo = (): void => {
    if (!removed) return;
    // Already back (the editor's Undo took the removal back first).
    if (blocks.some((b) => b.id === removed.block.id)) return setRemoved(null);
    const at = Math.min(removed.index, blocks.length);
    onChange([...blocks.slice(0, at), removed.block, ...blocks.slice(at)]);
    setRemoved(null);
    focusLater(`${cardId(at)}-toggle`);
    announce(`${label(removed.block)} is back at position ${at + 1}`);
  };

  /** Where a removed block was, until the next removal: its name and Undo. */
  const undoNote = (at: number) =>
    removed &&
    !blocks.some((b) => b.id === removed.block.id) &&
    Math.min(removed.index, blocks.length) === at && (
      <li className="block-list__undo" role="status">
        {label(removed.block)} removed.{' '}
        <button
          id="block-undo"
          type="button"
          className="btn btn--outline btn--small"
          onClick={undo}
        >
          Undo
        </button>
      </li>
    );

  const menu = (at: number) =>
    adding === at && (
      <AddBlockMenu
        onPick={(type) => insert(type, at)}
        onClose={() => {
          setAdding(null);
          focusLater(at === 0 ? 'block-add-first' : `${cardId(at - 1)}-add`, 'block-add-last');
        }}
      />
    );

  return (
    <div className="block-list">
      {blocks.length === 0 && <p>This page has no blocks yet.</p>}
      {menu(0)}
      <ol className="block-list__cards">
        {blocks.map((block, i) => {
          const id = cardId(i);
          const isOpen = open.has(block.id);
          const name = label(block);
          const summary = blockSummary(block);
          const error = hasError(i);
          return (
            <Fragment key={block.id}>
              {undoNote(i)}
              <li
                className={`block-card${block.hidden ? ' block-card--hidden' : ''}${error ? ' block-card--invalid' : ''}`}
              >
                <div className="block-card__head">
                  <h3 className="block-card__title">
                    <button
                      id={`${id}-toggle`}
                      type="button"
                      className="block-card__toggle"
                      aria-expanded={isOpen}
                      aria-controls={`${id}-body`}
                      onClick={() =>
                        setOpen((o) => {
                          const next = new Set(o);
                          if (isOpen) next.delete(block.id);
                          else next.add(block.id);
                          return next;
                        })
                      }
                    >
                      <span className="block-card__type">{name}</span>
                      {summary && <span className="block-card__summary">{summary}</span>}
                      {block.hidden && <span className="block-card__badge">Hidden</span>}
                      {error && (
                        <span className="block-card__badge block-card__badge--error">
                          Needs attention
                        </span>
                      )}
                    </button>
                  </h3>
                  <div
                    className="block-card__actions"
                    role="group"
                    aria-label={`${name}, block ${i + 1}`}
                  >
                    <button
                      id={`${id}-up`}
                      type="button"
                      className="btn btn--outline btn--small"
                      disabled={i === 0}
                      aria-label={`Move ${name} up`}
                      onClick={() => move(i, i - 1, 'up')}
                    >
                      ↑ Up
                    </button>
                    <button
                      id={`${id}-down`}
                      type="button"
                      className="btn btn--outline btn--small"
                      disabled={i === blocks.length - 1}
                      aria-label={`Move ${name} down`}
                      onClick={() => move(i, i + 1, 'down')}
                    >
                      ↓ Down
                    </button>
                    <button
                      type="button"
                      className="btn btn--outline btn--small"
                      disabled={full}
                      aria-label={`Duplicate ${name}`}
                      onClick={() => {
                        const copy = duplicateBlock(block);
                        onChange([...blocks.slice(0, i + 1), copy, ...blocks.slice(i + 1)]);
                        focusLater(`${cardId(i + 1)}-toggle`);
                        announce(
                          `${name} duplicated: the copy is at position ${i + 2} of ${blocks.length + 1}`,
                        );
                      }}
                    >
                      Duplicate
                    </button>
                    <button
                      type="button"
                      className="btn btn--outline btn--small"
                      aria-label={`${block.hidden ? 'Show' : 'Hide'} ${name}`}
                      onClick={() => {
                        const { hidden: _was, ...rest } = block;
                        onChange(
                          blocks.map((b, j) =>
                            j === i ? (block.hidden ? rest : { ...rest, hidden: true }) : b,
                          ),
                        );
                        announce(
                          block.hidden
                            ? `${name} shown on the page`
                            : `${name} hidden: it stays in the draft`,
                        );
                      }}
                    >
                      {block.hidden ? 'Show' : 'Hide'}
                    </button>
                    <button
                      type="button"
                      className="btn btn--outline btn--small btn--danger"
                      aria-label={`Remove ${name}`}
                      onClick={() => remove(i)}
                    >
                      Remove
                    </button>
                    <button
                      id={`${id}-add`}
                      type="button"
                      className="btn btn--outline btn--small"
                      disabled={full}
                      aria-expanded={adding === i + 1}
                      aria-label={`Add a block below ${name}`}
                      onClick={() => setAdding(adding === i + 1 ? null : i + 1)}
                    >
                      + Add below
                    </button>
                  </div>
                </div>
                {isOpen && (
                  <div id={`${id}-body`} className="block-card__body">
                    <p className="post-form__hint">{BLOCK_TYPES[block.type].description}</p>
                    <FieldsForm
                      fields={fieldsOfBlock(block)}
                      path={['blocks', i]}
                      value={block}
                      onChange={(next) =>
                        onChange(
                          blocks.map((b, j) =>
                            j === i ? { ...next, id: block.id, type: block.type } : b,
                          ),
                        )
                      }
                    />
                  </div>
                )}
                {menu(i + 1)}
              </li>
            </Fragment>
          );
        })}
        {undoNote(blocks.length)}
      </ol>
      {blocks.length > 0 ? (
        <button
          id="block-add-last"
          type="button"
          className="btn btn--outline"
          disabled={full}
          aria-expanded={adding === blocks.length}
          onClick={() => setAdding(adding === blocks.length ? null : blocks.length)}
        >
          + Add a block at the end
        </button>
      ) : (
        <button
          id="block-add-first"
          type="button"
          className="btn btn--outline"
          aria-expanded={adding === 0}
          onClick={() => setAdding(adding === 0 ? null : 0)}
        >
          + Add a block
        </button>
      )}
    </div>
  );
}

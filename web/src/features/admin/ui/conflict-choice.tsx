import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  threeWayMerge,
  type MergeChoices,
  type MergeConflict,
  type MergeSide,
} from '@agency/shared';
import type { AutosaveCopy } from './use-autosave';

const plain = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();

/** The texts inside a value, in order (a card's title, text and link). */
function texts(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') {
    const t = plain(v);
    if (t) out.push(t);
  } else if (typeof v === 'number' || typeof v === 'boolean') out.push(String(v));
  else if (Array.isArray(v)) for (const x of v) texts(x, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) if (k !== 'id' && k !== 'type') texts(x, out);
  return out;
}

/** A value as the choice shows it: its text, shortened; "Removed" for none. */
export function describeValue(v: unknown): string {
  if (v === undefined) return 'Removed';
  const t = texts(v).join(' · ');
  if (!t) return '(empty)';
  return t.length > 300 ? `${t.slice(0, 299)}…` : t;
}

export interface ConflictChoiceProps {
  conflicts: readonly MergeConflict[];
  choices: MergeChoices;
  onChoose: (key: string, side: MergeSide) => void;
  /** Where the conflict is, in words ("Hero block › Title"). */
  labelOf: (conflict: MergeConflict) => string;
  /** One side's value in words; `describeValue` unless the editor knows better (a list of blocks). */
  describe?: (conflict: MergeConflict, side: MergeSide) => string;
  onApply: () => void;
  onCancel: () => void;
  /** What was edited, as the sentence names it ("this page"). */
  subject: string;
}

/**
 * The fields both you and someone else changed since you loaded: each shows both values and asks
 * which to keep. Nothing is applied until every one is chosen.
 */
export function ConflictChoice({
  conflicts,
  choices,
  onChoose,
  labelOf,
  describe = (c, side) => describeValue(c[side]),
  onApply,
  onCancel,
  subject,
}: ConflictChoiceProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const left = conflicts.filter((c) => !choices[c.key]).length;
  return (
    <section className="conflict-choice" aria-labelledby="conflict-choice-heading">
      <h2 id="conflict-choice-heading" ref={heading} tabIndex={-1}>
        Choose which changes to keep
      </h2>
      <p>
        Someone else saved {subject} while you were editing it. Their other changes and yours are
        combined; {conflicts.length === 1 ? 'this field was' : 'these fields were'} changed by both
        of you. Nothing is saved until you save.
      </p>
      <ol className="conflict-choice__list">
        {conflicts.map((c) => (
          <li key={c.key} className="conflict-choice__item">
            <fieldset>
              <legend>{labelOf(c)}</legend>
              {(['ours', 'theirs'] as const).map((side) => (
                <label
                  key={side}
                  className={`conflict-choice__side${choices[c.key] === side ? ' is-chosen' : ''}`}
                >
                  <input
                    type="radio"
                    name={c.key}
                    checked={choices[c.key] === side}
                    onChange={() => onChoose(c.key, side)}
                  />
                  <span className="conflict-choice__name">
                    {side === 'ours' ? 'Keep mine' : 'Keep theirs'}
                  </span>
                  <span className="conflict-choice__value">{describe(c, side)}</span>
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="conflict-choice__actions">
        <button type="button" className="btn btn--primary" disabled={left > 0} onClick={onApply}>
          {left > 0 ? `Choose ${left === 1 ? 'one more field' : `${left} more fields`}` : 'Apply'}
        </button>
        <button type="button" className="btn btn--outline" onClick={onCancel}>
          Keep their version
        </button>
      </div>
    </section>
  );
}

interface Pending<T> {
  base: T;
  ours: T;
  theirs: T;
  conflicts: MergeConflict[];
  choices: MergeChoices;
}

/**
 * Restoring a kept working copy over the version loaded now: the copy's edits (against the version
 * they were made on) merged onto it, and a choice where both changed the same field. `apply` gets
 * the merged values; `render` the choice while one is open.
 */
export function useMergeRestore<T>(
  loaded: T,
  apply: (values: T, message: string) => void,
  choiceProps: Pick<ConflictChoiceProps, 'labelOf' | 'describe' | 'subject'>,
): {
  /** Merge `copy` onto `theirs` (default: what the form loaded), asking where both changed a field. */
  restore: (copy: AutosaveCopy<T>, theirs?: T) => void;
  choice: ReactNode;
} {
  const [pending, setPending] = useState<Pending<T> | null>(null);

  const restore = useCallback(
    (copy: AutosaveCopy<T>, theirs: T = loaded) => {
      // A copy kept before bases were stored: it can only replace what is loaded, as it always did.
      if (copy.base === null) {
        apply(copy.values, 'Your unsaved changes are back.');
        return;
      }
      const { value, conflicts } = threeWayMerge(copy.base, copy.values, theirs);
      if (conflicts.length === 0) {
        apply(value, 'Your unsaved changes are back, on top of the latest saved version.');
        return;
      }
      setPending({ base: copy.base, ours: copy.values, theirs, conflicts, choices: {} });
    },
    [apply, loaded],
  );

  const choice = pending && (
    <ConflictChoice
      {...choiceProps}
      conflicts={pending.conflicts}
      choices={pending.choices}
      onChoose={(key, side) =>
        setPending((p) => p && { ...p, choices: { ...p.choices, [key]: side } })
      }
      onApply={() => {
        const { value } = threeWayMerge(
          pending.base,
          pending.ours,
          pending.theirs,
          pending.choices,
        );
        setPending(null);
        apply(value, 'Your changes are back, with your choices: save to keep them.');
      }}
      onCancel={() => setPending(null)}
    />
  );
  return { restore, choice };
}

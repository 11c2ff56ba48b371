import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conflictKey, sameJson, threeWayMerge } from './merge';

/** A page as the editor holds it: head fields and blocks with ids, a list without ids inside. */
const about = {
  title: 'About us',
  description: 'Who we are.',
  breadcrumb: [{ name: 'Home', path: '/' }],
  blocks: [
    { id: 'hero', type: 'hero', title: 'We build sites', subtitle: 'Since 2010' },
    {
      id: 'faq',
      type: 'faq',
      items: [
        { question: 'Why?', answer: 'Because.' },
        { question: 'How?', answer: 'Carefully.' },
      ],
    },
    { id: 'cta', type: 'cta', title: 'Talk to us' },
  ],
};
type Page = typeof about;
const edit = (f: (p: Page) => void): Page => {
  const copy = structuredClone(about);
  f(copy);
  return copy;
};
const firstKey = (r: { conflicts: { key: string }[] }): string => r.conflicts[0]?.key ?? '';
const setAnswer = (p: Page, i: number, answer: string): void => {
  const items = block(p, 'faq').items as { answer: string }[];
  const it = items[i];
  if (it) it.answer = answer;
};
const block = (p: Page, id: string) => p.blocks.find((b) => b.id === id) as Record<string, unknown>;

describe('threeWayMerge', () => {
  it('keeps the colleague’s saved description and my hero title (issue 33’s reproduction)', () => {
    const mine = edit((p) => (block(p, 'hero').title = 'We build fast sites'));
    const theirs = edit((p) => (p.description = 'Who we are, since 2010.'));
    const { value, conflicts } = threeWayMerge(about, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(value.description).toBe('Who we are, since 2010.');
    expect(block(value, 'hero').title).toBe('We build fast sites');
  });

  it('reports a field both changed differently, takes theirs until I choose mine', () => {
    const mine = edit((p) => (block(p, 'hero').title = 'Mine'));
    const theirs = edit((p) => {
      block(p, 'hero').title = 'Theirs';
      block(p, 'hero').subtitle = 'Since 2011';
    });
    const first = threeWayMerge(about, mine, theirs);
    expect(first.conflicts).toEqual([
      {
        key: conflictKey(['blocks', { id: 'hero' }, 'title']),
        path: ['blocks', { id: 'hero' }, 'title'],
        kind: 'value',
        base: 'We build sites',
        ours: 'Mine',
        theirs: 'Theirs',
      },
    ]);
    expect(block(first.value, 'hero')).toMatchObject({ title: 'Theirs', subtitle: 'Since 2011' });
    const chosen = threeWayMerge(about, mine, theirs, { [firstKey(first)]: 'ours' });
    expect(block(chosen.value, 'hero')).toMatchObject({ title: 'Mine', subtitle: 'Since 2011' });
  });

  it('merges list items without ids by position when both kept their number', () => {
    const mine = edit((p) => setAnswer(p, 0, 'A'));
    const theirs = edit((p) => setAnswer(p, 1, 'B'));
    const { value, conflicts } = threeWayMerge(about, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(block(value, 'faq').items).toEqual([
      { question: 'Why?', answer: 'A' },
      { question: 'How?', answer: 'B' },
    ]);
  });

  it('makes a list whose length both changed differently one choice', () => {
    const mine = edit((p) => (block(p, 'faq').items as unknown[]).pop());
    const theirs = edit((p) =>
      (block(p, 'faq').items as unknown[]).push({ question: 'Q', answer: 'A' }),
    );
    const { conflicts } = threeWayMerge(about, mine, theirs);
    expect(conflicts.map((c) => c.path)).toEqual([['blocks', { id: 'faq' }, 'items']]);
  });

  it('keeps blocks added on both sides, each after the block it followed', () => {
    const mine = edit((p) => p.blocks.splice(1, 0, { id: 'mine', type: 'text', title: 'M' }));
    const theirs = edit((p) => p.blocks.push({ id: 'theirs', type: 'text', title: 'T' }));
    const { value, conflicts } = threeWayMerge(about, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(value.blocks.map((b) => b.id)).toEqual(['hero', 'mine', 'faq', 'cta', 'theirs']);
  });

  it('removes a block one side removed and the other left alone', () => {
    const mine = edit((p) => p.blocks.splice(2, 1));
    const theirs = edit((p) => (p.title = 'About'));
    const { value } = threeWayMerge(about, mine, theirs);
    expect(value.blocks.map((b) => b.id)).toEqual(['hero', 'faq']);
    expect(value.title).toBe('About');
  });

  it('asks when one side removed a block the other changed', () => {
    const mine = edit((p) => p.blocks.splice(2, 1));
    const theirs = edit((p) => (block(p, 'cta').title = 'Call us'));
    const first = threeWayMerge(about, mine, theirs);
    expect(first.conflicts).toMatchObject([{ path: ['blocks', { id: 'cta' }], ours: undefined }]);
    expect(first.value.blocks.map((b) => b.id)).toEqual(['hero', 'faq', 'cta']);
    const removed = threeWayMerge(about, mine, theirs, { [firstKey(first)]: 'ours' });
    expect(removed.value.blocks.map((b) => b.id)).toEqual(['hero', 'faq']);
  });

  it('keeps my new order of blocks while taking their edits', () => {
    const mine = edit((p) => p.blocks.reverse());
    const theirs = edit((p) => (block(p, 'faq').type = 'faq2'));
    const { value, conflicts } = threeWayMerge(about, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(value.blocks.map((b) => b.id)).toEqual(['cta', 'faq', 'hero']);
    expect(block(value, 'faq').type).toBe('faq2');
  });

  it('makes two different new orders a choice of its own', () => {
    const mine = edit((p) => p.blocks.reverse());
    const theirs = edit((p) => p.blocks.push(...p.blocks.splice(0, 1)));
    const first = threeWayMerge(about, mine, theirs);
    expect(first.conflicts).toMatchObject([
      { kind: 'order', ours: ['cta', 'faq', 'hero'], theirs: ['faq', 'cta', 'hero'] },
    ]);
    expect(first.value.blocks.map((b) => b.id)).toEqual(['faq', 'cta', 'hero']);
    const mineChosen = threeWayMerge(about, mine, theirs, { [firstKey(first)]: 'ours' });
    expect(mineChosen.value.blocks.map((b) => b.id)).toEqual(['cta', 'faq', 'hero']);
  });

  it('treats a rich-text body as one field', () => {
    const base = { title: 'T', body: '<p>One</p><p>Two</p>' };
    const { conflicts } = threeWayMerge(
      base,
      { ...base, body: '<p>One!</p><p>Two</p>' },
      { ...base, body: '<p>One</p><p>Two!</p>' },
    );
    expect(conflicts.map((c) => c.path)).toEqual([['body']]);
  });
});

// Property tests over page-like values: head fields, blocks with ids, item lists without.
const text = fc.constantFrom('a', 'b', 'c', '', 'long text');
const item = fc.record({ q: text, a: text });
const blockArb = (id: string) =>
  fc.record({ id: fc.constant(id), title: text, items: fc.array(item, { maxLength: 3 }) });
const pageArb = fc
  .uniqueArray(fc.constantFrom('b1', 'b2', 'b3', 'b4', 'b5'), { maxLength: 5 })
  .chain((ids) =>
    fc.record({ title: text, description: text, blocks: fc.tuple(...ids.map(blockArb)) }),
  );
type P = {
  title: string;
  description: string;
  blocks: { id: string; title: string; items: { q: string; a: string }[] }[];
};

/** An edit of a page: head fields changed, blocks edited, removed, added or moved. */
const editArb = (page: P): fc.Arbitrary<P> =>
  fc
    .record({
      title: fc.option(text, { nil: undefined }),
      description: fc.option(text, { nil: undefined }),
      drop: fc.array(fc.nat(), { maxLength: 2 }),
      retitle: fc.array(fc.tuple(fc.nat(), text), { maxLength: 2 }),
      add: fc.option(blockArb(`n${Math.random().toString(36).slice(2, 6)}`), { nil: undefined }),
      shuffle: fc.boolean(),
    })
    .map((e) => {
      const p = structuredClone(page);
      if (e.title !== undefined) p.title = e.title;
      if (e.description !== undefined) p.description = e.description;
      for (const [i, t] of e.retitle) {
        const b = p.blocks[i % Math.max(1, p.blocks.length)];
        if (b) b.title = t;
      }
      for (const i of e.drop) if (p.blocks.length) p.blocks.splice(i % p.blocks.length, 1);
      if (e.add) p.blocks.push(e.add);
      if (e.shuffle) p.blocks.reverse();
      return p;
    });

describe('threeWayMerge properties', () => {
  it('with no concurrent change, the merge is ours', () => {
    fc.assert(
      fc.property(
        pageArb.chain((base) => fc.tuple(fc.constant(base), editArb(base))),
        ([base, ours]) => {
          const { value, conflicts } = threeWayMerge(base, ours, base);
          expect(conflicts).toEqual([]);
          expect(value).toEqual(ours);
        },
      ),
    );
  });

  it('with no change of mine, the merge is theirs', () => {
    fc.assert(
      fc.property(
        pageArb.chain((base) => fc.tuple(fc.constant(base), editArb(base))),
        ([base, theirs]) => {
          const { value, conflicts } = threeWayMerge(base, base, theirs);
          expect(conflicts).toEqual([]);
          expect(value).toEqual(theirs);
        },
      ),
    );
  });

  it('keeps both sides’ changes when they touch different fields', () => {
    fc.assert(
      fc.property(pageArb, text, text, fc.nat(), text, (base, title, description, at, bt) => {
        const ours = { ...structuredClone(base), title };
        const theirs = { ...structuredClone(base), description };
        const b = theirs.blocks[at % Math.max(1, theirs.blocks.length)];
        if (b) b.title = bt;
        const { value, conflicts } = threeWayMerge(base, ours, theirs);
        expect(conflicts).toEqual([]);
        expect(value).toEqual({ ...theirs, title });
      }),
    );
  });

  it('is the same whichever side is chosen when both made the same edit', () => {
    fc.assert(
      fc.property(
        pageArb.chain((base) => fc.tuple(fc.constant(base), editArb(base))),
        ([base, both]) => {
          const { value, conflicts } = threeWayMerge(base, both, structuredClone(both));
          expect(conflicts).toEqual([]);
          expect(sameJson(value, both)).toBe(true);
        },
      ),
    );
  });

  it('chooses ours at every conflict: each conflicting place holds my value', () => {
    fc.assert(
      fc.property(
        pageArb.chain((base) => fc.tuple(fc.constant(base), editArb(base), editArb(base))),
        ([base, ours, theirs]) => {
          const first = threeWayMerge(base, ours, theirs);
          const all = Object.fromEntries(first.conflicts.map((c) => [c.key, 'ours' as const]));
          const chosen = threeWayMerge(base, ours, theirs, all);
          expect(chosen.conflicts.map((c) => c.key)).toEqual(first.conflicts.map((c) => c.key));
          // Every block id in the result is unique, and comes from one of the sides.
          const ids = chosen.value.blocks.map((b) => b.id);
          expect(new Set(ids).size).toBe(ids.length);
          const known = new Set([...ours.blocks, ...theirs.blocks].map((b) => b.id));
          for (const id of ids) expect(known.has(id)).toBe(true);
          if (first.conflicts.some((c) => sameJson(c.path, ['title'])))
            expect(chosen.value.title).toBe(ours.title);
        },
      ),
    );
  });
});

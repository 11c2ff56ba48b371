import { describe, expect, it } from 'vitest';
import { DomainError } from '../../../platform/errors';
import {
  effectivePublication,
  isLive,
  lastPublishedAt,
  purgeAt,
  resolvePublication,
} from './publishing';

const now = new Date('2030-06-01T12:00:00.000Z');
const past = '2030-06-01T11:00:00.000Z';
const future = '2030-06-01T13:00:00.000Z';

function refusal(f: () => unknown): string {
  try {
    f();
    return 'ok';
  } catch (e) {
    return e instanceof DomainError ? e.message : String(e);
  }
}

describe('resolvePublication', () => {
  it('publishes a new post now when no status is given (the spec calls)', () => {
    expect(resolvePublication({}, null, now)).toEqual({
      status: 'published',
      publish_at: now.toISOString(),
    });
  });

  it('keeps the status and time of an existing post updated without them', () => {
    const published = { status: 'published' as const, publish_at: past };
    expect(resolvePublication({}, published, now)).toEqual(published);
    const scheduled = { status: 'scheduled' as const, publish_at: future };
    expect(resolvePublication({}, scheduled, now)).toEqual(scheduled);
    const draft = { status: 'draft' as const, publish_at: null };
    expect(resolvePublication({}, draft, now)).toEqual(draft);
  });

  it('publishes a draft or a scheduled post now, and keeps the first publication time of a published one', () => {
    const nowIso = now.toISOString();
    expect(
      resolvePublication({ status: 'published' }, { status: 'draft', publish_at: null }, now),
    ).toEqual({ status: 'published', publish_at: nowIso });
    expect(
      resolvePublication({ status: 'published' }, { status: 'scheduled', publish_at: future }, now),
    ).toEqual({ status: 'published', publish_at: nowIso });
    expect(
      resolvePublication({ status: 'published' }, { status: 'published', publish_at: past }, now),
    ).toEqual({ status: 'published', publish_at: past });
  });

  it('takes a scheduled post whose time has passed as published', () => {
    expect(effectivePublication({ status: 'scheduled', publish_at: past }, now)).toEqual({
      status: 'published',
      publish_at: past,
    });
    expect(resolvePublication({}, { status: 'scheduled', publish_at: past }, now)).toEqual({
      status: 'published',
      publish_at: past,
    });
  });

  it('stores times given with an offset as UTC', () => {
    expect(
      resolvePublication(
        { status: 'scheduled', publish_at: '2030-06-01T19:00:00+05:30' },
        null,
        now,
      ),
    ).toEqual({ status: 'scheduled', publish_at: '2030-06-01T13:30:00.000Z' });
  });

  it('refuses to schedule without a future time or to publish in the future, naming publish_at', () => {
    expect(refusal(() => resolvePublication({ status: 'scheduled' }, null, now))).toBe(
      'publish_at: is required to schedule a post',
    );
    expect(
      refusal(() => resolvePublication({ status: 'scheduled', publish_at: past }, null, now)),
    ).toBe('publish_at: must be in the future to schedule a post');
    expect(
      refusal(() => resolvePublication({ status: 'published', publish_at: future }, null, now)),
    ).toBe('publish_at: is in the future: schedule the post instead of publishing it');
  });
});

describe('publishing again', () => {
  const first = '2030-01-15T08:00:00.000Z';

  it('keeps the date a post was last public, unless the author gives a new one', () => {
    const unpublished = { status: 'draft' as const, publish_at: null, published_at: first };
    expect(resolvePublication({ status: 'published' }, unpublished, now)).toEqual({
      status: 'published',
      publish_at: first,
    });
    expect(resolvePublication({ status: 'published', publish_at: past }, unpublished, now)).toEqual(
      { status: 'published', publish_at: past },
    );
    expect(lastPublishedAt({ status: 'published', publish_at: first }, now)).toBe(first);
    expect(lastPublishedAt({ status: 'draft', publish_at: null }, now)).toBeNull();
  });

  it('refuses to change a post in the Trash', () => {
    expect(
      refusal(() =>
        resolvePublication({}, { status: 'trashed', publish_at: null, published_at: first }, now),
      ),
    ).toBe('status: This post is in the Trash. Restore it before changing it.');
  });

  it('purges a trashed post 30 days after it was trashed, and no other', () => {
    expect(purgeAt({ status: 'trashed', trashed_at: first })).toBe('2030-02-14T08:00:00.000Z');
    expect(purgeAt({ status: 'draft', trashed_at: first })).toBeNull();
  });
});

describe('isLive', () => {
  it('is true only for a published post whose time has come', () => {
    expect(isLive({ status: 'published', publish_at: past }, now)).toBe(true);
    expect(isLive({ status: 'published', publish_at: future }, now)).toBe(false);
    expect(isLive({ status: 'scheduled', publish_at: past }, now)).toBe(false);
    expect(isLive({ status: 'draft', publish_at: past }, now)).toBe(false);
  });
});

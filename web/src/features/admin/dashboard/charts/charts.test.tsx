import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarList } from './bar-list';
import { ShareBar } from './share-bar';
import { groupSeries, OTHER } from './stacked-columns';

describe('chart series', () => {
  it('keeps the six biggest sources apart and sums the rest as Other', () => {
    const columns = [
      { label: 'a', segments: 'abcdefgh'.split('').map((key, i) => ({ key, count: 10 - i })) },
      { label: 'b', segments: [{ key: 'h', count: 5 }] },
    ];
    const { keys, values } = groupSeries(columns);
    // h has 3 + 5: it ranks with c (ties by name); f and g are the smallest.
    expect(keys).toEqual(['a', 'b', 'c', 'h', 'd', 'e', OTHER]);
    expect(values).toEqual([
      [10, 9, 8, 3, 7, 6, 5 + 4],
      [0, 0, 0, 5, 0, 0, 0],
    ]);
  });

  it('draws each share in its own fill and writes its figure in the legend', () => {
    const { container } = render(
      <ShareBar
        title="Shares"
        description="Two parts"
        head="Part"
        shares={[
          { label: 'One', count: 3 },
          { label: 'Two', count: 1 },
          { label: 'None', count: 0 },
        ]}
      />,
    );
    const rects = container.querySelectorAll('.chart__segment');
    expect([...rects].map((r) => r.getAttribute('width'))).toEqual(['75%', '25%']);
    expect(new Set([...rects].map((r) => r.getAttribute('fill'))).size).toBe(2);
    expect(screen.getByText('One: 3 (75%)')).toBeInTheDocument();
    expect(screen.getByText('None: 0 (0%)')).toBeInTheDocument();
  });

  it('cuts a long label in the picture, shorter on a phone, and keeps it whole in the table', () => {
    const title = 'How to start a career in digital marketing when you have never worked in it';
    const { container } = render(
      <BarList
        title="Posts"
        description="Views"
        head="Post"
        unit="Views"
        rows={[{ label: title, count: 3 }]}
      />,
    );
    const texts = [...container.querySelectorAll('svg text')].map((t) => [
      t.getAttribute('class'),
      t.textContent,
    ]);
    expect(texts).toEqual([
      ['chart__label chart__label--wide', `${title.slice(0, 59)}…`],
      ['chart__label chart__label--narrow', `${title.slice(0, 35)}…`],
      ['chart__label chart__label--end', '3'],
    ]);
    expect(screen.getByRole('table', { name: 'Posts' })).toHaveTextContent(title);
  });
});

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installObserver } from '../../test/observer';
import { ProcessStepper } from './process-stepper';
import './test-helpers';

const steps = [
  { title: 'Local SEO', description: 'Claim and tune your map listing.' },
  { title: 'Keyword Research', description: 'Find the words buyers type.' },
  { title: 'On-page Optimization', description: 'Fix titles, speed and structure.' },
  { title: 'Off-page Optimization', description: 'Earn links and mentions.' },
  { title: 'Deliver', description: 'Report, learn and repeat.' },
];

function activeTitle() {
  const current = screen
    .getAllByRole('button')
    .find((b) => b.getAttribute('aria-current') === 'step');
  return current?.textContent;
}

function reached(container: HTMLElement) {
  return Array.from(container.querySelectorAll('.stepper__track > li')).map((li) =>
    li.classList.contains('stepper__step--reached'),
  );
}

describe('ProcessStepper', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits while it is off screen, and goes on once it is back', () => {
    const observer = installObserver();
    render(<ProcessStepper heading="SEO Process" steps={steps} />);
    act(() => observer.hide());
    act(() => vi.advanceTimersByTime(3 * 5000));
    expect(activeTitle()).toBe('1Local SEO');
    act(() => observer.show());
    act(() => vi.advanceTimersByTime(5000));
    expect(activeTitle()).toBe('2Keyword Research');
  });

  it('starts on step 1 and shows its title and description in the panel', () => {
    const { container } = render(<ProcessStepper heading="SEO Process" steps={steps} />);
    expect(activeTitle()).toBe('1Local SEO');
    const panel = container.querySelector<HTMLElement>('.stepper__panel');
    expect(panel).not.toBeNull();
    if (!panel) return;
    expect(within(panel).getByRole('heading', { level: 3 })).toHaveTextContent('Local SEO');
    expect(panel).toHaveTextContent('Claim and tune your map listing.');
    expect(panel).toHaveTextContent('Step 1 of 5');
    expect(reached(container)).toEqual([true, false, false, false, false]);
  });

  it('advances every 5000 ms and wraps to step 1 after the last', () => {
    const { container } = render(<ProcessStepper heading="SEO Process" steps={steps} />);
    act(() => vi.advanceTimersByTime(4999));
    expect(activeTitle()).toContain('Local SEO');
    act(() => vi.advanceTimersByTime(1));
    expect(activeTitle()).toContain('Keyword Research');
    expect(reached(container)).toEqual([true, true, false, false, false]);
    act(() => vi.advanceTimersByTime(3 * 5000));
    expect(activeTitle()).toContain('Deliver');
    expect(reached(container)).toEqual([true, true, true, true, true]);
    act(() => vi.advanceTimersByTime(5000));
    expect(activeTitle()).toContain('Local SEO');
    expect(reached(container)).toEqual([true, false, false, false, false]);
  });

  it('makes a clicked step active and marks every earlier step reached, without re-arming the timer', () => {
    const { container } = render(<ProcessStepper heading="SEO Process" steps={steps} />);
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(screen.getByRole('button', { name: /Off-page Optimization/ }));
    expect(activeTitle()).toContain('Off-page Optimization');
    expect(reached(container)).toEqual([true, true, true, true, false]);
    expect(container.querySelector('.stepper__panel')).toHaveTextContent(
      'Earn links and mentions.',
    );
    // The original 5000 ms cadence continues: 2000 ms after the click (5000 after mount) it moves on.
    act(() => vi.advanceTimersByTime(2000));
    expect(activeTitle()).toContain('Deliver');
    act(() => vi.advanceTimersByTime(5000));
    expect(activeTitle()).toContain('Local SEO');
  });

  it('stops its timer when unmounted (the visitor leaves the page)', () => {
    const { unmount } = render(<ProcessStepper heading="SEO Process" steps={steps} />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('can be paused and resumed by the visitor', () => {
    render(<ProcessStepper heading="SEO Process" steps={steps} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause steps' }));
    act(() => vi.advanceTimersByTime(20_000));
    expect(activeTitle()).toContain('Local SEO');
    fireEvent.click(screen.getByRole('button', { name: 'Play steps' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(activeTitle()).toContain('Keyword Research');
  });

  it('renders a static list of every step for small screens, with mobile title overrides', () => {
    const { container } = render(
      <ProcessStepper
        heading="SEO Process"
        steps={steps}
        mobileTitles={{ 5: 'Continuous Optimization' }}
      />,
    );
    const list = container.querySelector<HTMLElement>('.stepper__list');
    expect(list).not.toBeNull();
    if (!list) return;
    const titles = within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual([
      'Local SEO',
      'Keyword Research',
      'On-page Optimization',
      'Off-page Optimization',
      'Continuous Optimization',
    ]);
    expect(list).toHaveTextContent('Report, learn and repeat.');
    // The desktop track keeps the original title.
    expect(screen.getByRole('button', { name: /Deliver/ })).toBeInTheDocument();
  });

  it('honours a custom interval', () => {
    render(<ProcessStepper heading="Process" steps={steps} intervalMs={1000} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(activeTitle()).toContain('Keyword Research');
  });
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as scroll from '../../lib/scroll';
import { BenefitTabs } from './benefit-tabs';
import { mockMatchMedia, SMALL, WIDE } from './test-helpers';

const items = [
  { title: 'Cost-effective', paragraphs: ['Spend less per lead.'] },
  { title: 'It is simply limitless', paragraphs: ['Reach anyone online.'] },
  { title: 'Brand Credibility', paragraphs: ['Be found where buyers look.'] },
];

function selectedTab() {
  return screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true');
}

describe('BenefitTabs', () => {
  it('follows the ARIA tabs pattern: first tab selected, panels labelled, one panel shown', () => {
    mockMatchMedia(WIDE);
    render(<BenefitTabs heading="Benefits" items={items} />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs).toHaveLength(3);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('Cost-effective');
    expect(panel).toHaveTextContent('Spend less per lead.');
    // Inactive panels are in the HTML (prerender) but hidden.
    expect(screen.getByText('Reach anyone online.')).not.toBeVisible();
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'horizontal');
  });

  it('moves with arrow keys, wraps, and jumps with Home and End', async () => {
    mockMatchMedia(WIDE);
    const user = userEvent.setup();
    render(<BenefitTabs items={items} />);
    await user.click(screen.getByRole('tab', { name: 'Cost-effective' }));
    await user.keyboard('{ArrowRight}');
    expect(selectedTab()).toHaveTextContent('It is simply limitless');
    expect(document.activeElement).toBe(selectedTab());
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Reach anyone online.');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(selectedTab()).toHaveTextContent('Cost-effective');
    await user.keyboard('{ArrowLeft}');
    expect(selectedTab()).toHaveTextContent('Brand Credibility');
    await user.keyboard('{Home}');
    expect(selectedTab()).toHaveTextContent('Cost-effective');
    await user.keyboard('{End}');
    expect(selectedTab()).toHaveTextContent('Brand Credibility');
    // Up/Down do nothing in the horizontal variant.
    await user.keyboard('{ArrowDown}');
    expect(selectedTab()).toHaveTextContent('Brand Credibility');
  });

  it('uses Up and Down in the vertical variant', async () => {
    mockMatchMedia(WIDE);
    const user = userEvent.setup();
    render(<BenefitTabs items={items} orientation="vertical" />);
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
    await user.click(screen.getByRole('tab', { name: 'Cost-effective' }));
    await user.keyboard('{ArrowDown}');
    expect(selectedTab()).toHaveTextContent('It is simply limitless');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(selectedTab()).toHaveTextContent('Brand Credibility');
  });

  it('acts as a dropdown on small screens: active tab toggles the list, another tab closes it', async () => {
    mockMatchMedia(SMALL);
    const user = userEvent.setup();
    const { container } = render(<BenefitTabs items={items} />);
    const wrapper = container.querySelector('.tabs');
    expect(wrapper).toHaveClass('tabs--dropdown');
    expect(wrapper).not.toHaveClass('tabs--open');
    const active = screen.getByRole('tab', { name: 'Cost-effective' });
    expect(active).toHaveAttribute('aria-expanded', 'false');

    await user.click(active);
    expect(wrapper).toHaveClass('tabs--open');
    expect(active).toHaveAttribute('aria-expanded', 'true');
    expect(active).toHaveAttribute('aria-selected', 'true');

    await user.click(active);
    expect(wrapper).not.toHaveClass('tabs--open');

    await user.click(active);
    await user.click(screen.getByRole('tab', { name: 'Brand Credibility' }));
    expect(wrapper).not.toHaveClass('tabs--open');
    expect(selectedTab()).toHaveTextContent('Brand Credibility');
    expect(screen.getByRole('tab', { name: 'Brand Credibility' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Be found where buyers look.');
  });

  it('is a plain tab list on wide screens: clicking the active tab keeps it selected and shows no dropdown state', async () => {
    const resize = mockMatchMedia(WIDE);
    const user = userEvent.setup();
    const { container } = render(<BenefitTabs items={items} />);
    const active = screen.getByRole('tab', { name: 'Cost-effective' });
    await user.click(active);
    expect(container.querySelector('.tabs')).not.toHaveClass('tabs--open');
    expect(active).not.toHaveAttribute('aria-expanded');
    act(() => resize(SMALL));
    expect(container.querySelector('.tabs')).toHaveClass('tabs--dropdown');
  });

  it('ends every panel with a Get in touch link that scrolls to the form', async () => {
    mockMatchMedia(WIDE);
    const spy = vi.spyOn(scroll, 'scrollToElement').mockResolvedValue(true);
    const user = userEvent.setup();
    render(
      <>
        <BenefitTabs items={items} contactAnchor="digi-market-page-contact" />
        <div id="digi-market-page-contact">form</div>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Get in touch' });
    expect(link).toHaveAttribute('href', '#digi-market-page-contact');
    await user.click(link);
    expect(spy).toHaveBeenCalledWith('digi-market-page-contact');
    spy.mockRestore();
  });
});

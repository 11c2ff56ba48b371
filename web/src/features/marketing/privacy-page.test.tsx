import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import PrivacyPage from './privacy-page';

describe('privacy policy', () => {
  it('says what an enquiry carries about the visit, why, and that it stays in the tab until sent', () => {
    render(
      <MemoryRouter>
        <PrivacyPage />
      </MemoryRouter>,
    );
    const data = screen.getByRole('region', { name: 'Types of Data Collected' });
    // The spec's list stays as it was.
    expect(
      within(data)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Email address',
      'First name and last name',
      'Phone number',
      'Company name',
      'Usage Data',
    ]);
    const text = data.textContent ?? '';
    for (const kept of [
      'the page you sent it from',
      'the first page you opened on this visit',
      'website that linked you to us',
      'utm_source, utm_medium, utm_campaign, utm_term, utm_content and gclid',
      'which of our pages and campaigns bring enquiries',
      'session storage',
      'no cookie is set',
      'sent to us only with an enquiry',
    ])
      expect(text).toContain(kept);
    const cookies = screen.getByRole('region', { name: 'Tracking Technologies and Cookies' });
    expect(cookies).toHaveTextContent(/for the current visit only, where the visit came from/);
  });
});

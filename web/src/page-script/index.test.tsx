import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Header } from '../components/header';
import { startPageScript } from './index';

describe('startPageScript', () => {
  it('starts each behaviour once however often it is called', async () => {
    document.body.innerHTML = renderToString(
      <MemoryRouter>
        <Header />
      </MemoryRouter>,
    );
    startPageScript(document);
    startPageScript(document);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    // Two listeners would open and close it again in one click.
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });
});

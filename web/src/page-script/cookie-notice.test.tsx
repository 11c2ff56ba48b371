import { renderToString } from 'react-dom/server';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CookieNotice } from '../components/cookie-notice';
import { COOKIE_FLAG, startCookieNotice } from './cookie-notice';

const stop = new AbortController();
const notice = () => document.querySelector('.cookie-notice');

describe('page script: cookie notice', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    localStorage.clear();
  });

  it('is in the server HTML, hidden until the script has read the flag, then shown', () => {
    document.body.innerHTML = renderToString(<CookieNotice />);
    expect(notice()).not.toHaveClass('is-shown');
    expect(notice()).toHaveAttribute('id', 'cookie-notice');
    startCookieNotice(document, stop.signal);
    expect(screen.getByRole('region', { name: 'Cookie notice' })).toHaveClass('is-shown');
  });

  it('OK records the flag and removes it; the next page removes it at once', async () => {
    document.body.innerHTML = renderToString(<CookieNotice />);
    startCookieNotice(document, stop.signal);
    await userEvent.setup().click(screen.getByRole('button', { name: 'OK' }));
    expect(notice()).toBeNull();
    expect(localStorage.getItem(COOKIE_FLAG)).toBe('true');

    document.body.innerHTML = renderToString(<CookieNotice />);
    startCookieNotice(document, stop.signal);
    expect(notice()).toBeNull();
  });
});

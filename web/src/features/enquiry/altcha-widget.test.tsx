import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import AltchaWidget, { challengeUrl } from './altcha-widget';
import { startTokenOf, type CaptchaState } from './use-captcha';

// The real widget's script, styles and Web Workers are not for jsdom: the element is played below
// by a stand-in that behaves as ALTCHA 3 does with its checkbox.
vi.mock('altcha/external', () => {
  (globalThis as { $altcha?: unknown }).$altcha = { algorithms: new Map() };
  return {};
});
vi.mock('altcha/altcha.css', () => ({}));
vi.mock('./altcha-widget.css', () => ({}));
vi.mock('altcha/workers/pbkdf2?worker', () => ({ default: class {} }));
vi.mock('altcha/workers/sha?worker', () => ({ default: class {} }));

/**
 * `<altcha-widget>` as far as the form sees it: a checkbox; `verify()` fetches `challenge` and ends
 * verified; a change of the box when verified resets it (ALTCHA's `onCheckboxChange`).
 */
class FakeAltcha extends HTMLElement {
  state = 'unverified';
  fetched: string[] = [];
  readonly box = document.createElement('input');
  connectedCallback(): void {
    this.box.type = 'checkbox';
    this.box.id = 'altcha-box';
    const label = document.createElement('label');
    label.htmlFor = 'altcha-box';
    label.textContent = "I'm not a robot";
    this.box.addEventListener('change', () => {
      if (this.state === 'verified') this.set('unverified');
      else void this.verify();
    });
    this.append(this.box, label);
  }
  getState(): string {
    return this.state;
  }
  set(state: string, payload?: string): void {
    this.state = state;
    this.box.checked = state === 'verified';
    this.dispatchEvent(new CustomEvent('statechange', { detail: { state, payload } }));
  }
  async verify(): Promise<void> {
    this.fetched.push(this.getAttribute('challenge') ?? '');
    this.set('verifying');
    await Promise.resolve();
    this.set('verified', 'payload');
  }
}
beforeAll(() => customElements.define('altcha-widget', FakeAltcha));
afterEach(() => document.body.replaceChildren());

const widget = (): FakeAltcha => {
  const el = document.querySelector('altcha-widget');
  if (!(el instanceof FakeAltcha)) throw new Error('no widget');
  return el;
};

describe('AltchaWidget', () => {
  it('keeps a verified box ticked when clicked, with no new challenge and no change of state', async () => {
    const states: CaptchaState['state'][] = [];
    render(<AltchaWidget onState={(s) => states.push(s.state)} start={null} />);
    const user = userEvent.setup();
    const box = screen.getByRole('checkbox', { name: "I'm not a robot" });
    await user.click(box);
    expect(widget().getState()).toBe('verified');
    expect(box).toBeChecked();
    expect(states).toEqual(['solving', 'solved']);

    // The habitual click of someone used to reCAPTCHA, on the box and on its label.
    await user.click(box);
    await user.click(screen.getByText("I'm not a robot"));
    expect(box).toBeChecked();
    expect(widget().getState()).toBe('verified');
    expect(widget().fetched).toHaveLength(1);
    expect(states).toEqual(['solving', 'solved']);
  });

  it('still lets an unverified box be clicked to verify', async () => {
    render(<AltchaWidget onState={() => undefined} start={null} />);
    await userEvent.setup().click(screen.getByRole('checkbox'));
    expect(widget().getState()).toBe('verified');
  });

  it('fetches its challenge with the page view’s start once there is one', async () => {
    const { rerender } = render(<AltchaWidget onState={() => undefined} start={null} />);
    expect(widget().getAttribute('challenge')).toBe(challengeUrl(null));
    expect(challengeUrl(null)).toMatch(/\/api\/captcha\/challenge$/);
    rerender(<AltchaWidget onState={() => undefined} start="1700000000000.abc" />);
    expect(widget().getAttribute('challenge')).toMatch(
      /\/api\/captcha\/challenge\?start=1700000000000\.abc$/,
    );
  });
});

describe('startTokenOf', () => {
  const payload = (value: unknown) => btoa(JSON.stringify(value));
  it('reads the signed start a verified payload’s challenge carries', () => {
    expect(
      startTokenOf(
        payload({ challenge: { parameters: { data: { start: '17.ab' } } }, solution: {} }),
      ),
    ).toBe('17.ab');
  });
  it('is null for a payload without one, or not a payload at all', () => {
    expect(startTokenOf(payload({ challenge: { parameters: {} } }))).toBeNull();
    expect(startTokenOf(payload({ challenge: { parameters: { data: { start: 5 } } } }))).toBeNull();
    expect(startTokenOf('not base64 json')).toBeNull();
  });
});

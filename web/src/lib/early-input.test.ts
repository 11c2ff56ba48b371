import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HYDRATED_ATTR,
  hasHeldInput,
  holdEarlyInput,
  isLive,
  replayHeldInput,
} from './early-input';

// One capturing listener pair for the whole file, as the boot script installs it once per page.
holdEarlyInput(document);

function page(): { root: HTMLElement; part: HTMLElement } {
  document.body.innerHTML = `
    <div id="root">
      <button id="menu" type="button">Menu</button>
      <div class="deferred" data-deferred="home">
        <form id="form"><input name="name"><button id="send" type="submit">Send</button></form>
        <button id="faq" type="button">FAQ</button>
      </div>
    </div>
    <button id="outside" type="button">Outside</button>`;
  return {
    root: document.getElementById('root') as HTMLElement,
    part: document.querySelector('[data-deferred]') as HTMLElement,
  };
}

afterEach(() => {
  document.body.innerHTML = '';
  replayHeldInput(); // drops what is left (its elements are gone)
});

describe('early input', () => {
  it('holds a click on a control whose part is not live, and replays it once the part is', () => {
    const { root, part } = page();
    const onClick = vi.fn();
    document.getElementById('faq')?.addEventListener('click', onClick);

    document.getElementById('faq')?.click();
    expect(onClick).not.toHaveBeenCalled();
    expect(hasHeldInput()).toBe(true);

    root.setAttribute(HYDRATED_ATTR, '');
    replayHeldInput(); // the root is live, the part is not yet
    expect(onClick).not.toHaveBeenCalled();

    part.setAttribute(HYDRATED_ATTR, '');
    replayHeldInput();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(hasHeldInput()).toBe(false);
  });

  it('never lets the browser send a form that is not live, and submits it on replay', () => {
    const { root, part } = page();
    const form = document.getElementById('form') as HTMLFormElement;
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', onSubmit);
    form.requestSubmit(document.getElementById('send') as HTMLButtonElement);
    expect(onSubmit).not.toHaveBeenCalled();

    root.setAttribute(HYDRATED_ATTR, '');
    part.setAttribute(HYDRATED_ATTR, '');
    replayHeldInput();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('leaves input alone once its part is live, and outside the app', () => {
    const { root } = page();
    const outside = vi.fn();
    document.getElementById('outside')?.addEventListener('click', outside);
    document.getElementById('outside')?.click();
    expect(outside).toHaveBeenCalledTimes(1);

    root.setAttribute(HYDRATED_ATTR, '');
    const menu = vi.fn();
    document.getElementById('menu')?.addEventListener('click', menu);
    document.getElementById('menu')?.click();
    expect(menu).toHaveBeenCalledTimes(1);
    expect(hasHeldInput()).toBe(false);
    expect(isLive(document.getElementById('faq') as HTMLElement)).toBe(false);
  });

  it('drops input for elements that left the page', () => {
    page();
    document.getElementById('faq')?.click();
    document.body.innerHTML = '';
    replayHeldInput();
    expect(hasHeldInput()).toBe(false);
  });
});

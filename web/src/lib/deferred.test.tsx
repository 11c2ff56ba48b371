import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deferred,
  deferUntilNeeded,
  HYDRATED_ATTR,
  releaseDeferred,
  type NeededWhen,
} from './deferred';
import { installObserver } from '../test/observer';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <section>
      <h2>{label}</h2>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        clicked {count}
      </button>
    </section>
  );
}

/** A loader the test resolves by hand, counting its calls. */
function manualLoader() {
  let resolve: (() => void) | undefined;
  const load = vi.fn(
    () =>
      new Promise<{ default: typeof Counter }>((done) => {
        resolve = () => done({ default: Counter });
      }),
  );
  return { load, resolve: () => resolve?.() };
}

/** Server HTML of a part, rendered by an instance whose code is already loaded (as the server entry does). */
async function serverHtml(name: string, label: string): Promise<string> {
  const ServerPart = deferred(name, () => Promise.resolve({ default: Counter }));
  await ServerPart.preload();
  return renderToString(
    <main>
      <h1>Page</h1>
      <ServerPart label={label} />
    </main>,
  );
}

/** Server HTML of a part with a `when`, as the server entry renders it. */
async function serverHtmlWhen(name: string, label: string, when: NeededWhen): Promise<string> {
  const ServerPart = deferred(name, () => Promise.resolve({ default: Counter }), { when });
  await ServerPart.preload();
  return renderToString(
    <main>
      <h1>Page</h1>
      <ServerPart label={label} />
    </main>,
  );
}

/** Hydrate server HTML of a page holding one deferred part, as the browser entry does (gated). */
async function hydratePage(
  container: HTMLElement,
  Part: ComponentType<{ label: string }>,
  label: string,
  errors: unknown[] = [],
): Promise<void> {
  deferUntilNeeded();
  await act(async () => {
    hydrateRoot(
      container,
      <main>
        <h1>Page</h1>
        <Part label={label} />
      </main>,
      { onRecoverableError: (err) => errors.push(err) },
    );
  });
}

afterEach(() => {
  releaseDeferred();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('deferred parts', () => {
  it('render in full on the server, inside a display: contents wrapper', async () => {
    const html = await serverHtml('server', 'Below the fold');
    expect(html).toContain('<div class="deferred" data-deferred="server">');
    expect(html).toContain('<h2>Below the fold</h2>');
    expect(html).toContain('clicked <!-- -->0');
  });

  it('keep their server HTML while hydrating, fetch their code when seen, then hydrate in place', async () => {
    const io = installObserver();
    const container = document.createElement('div');
    container.innerHTML = await serverHtml('seen', 'FAQ');
    document.body.appendChild(container);
    const serverButton = screen.getByRole('button');

    const { load, resolve } = manualLoader();
    const ClientPart = deferred('seen', load);
    const errors: unknown[] = [];
    await hydratePage(container, ClientPart, 'FAQ', errors);

    // Not seen yet: no code fetched, the server's elements untouched, clicks do nothing.
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByRole('button')).toBe(serverButton);
    expect(io.observed()).toContain(container.querySelector('section'));
    fireEvent.click(serverButton);
    expect(serverButton).toHaveTextContent('clicked 0');

    await act(async () => io.show());
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => resolve());

    // Hydrated on the same elements: no mismatch, no client re-render, and it responds.
    expect(errors).toEqual([]);
    expect(screen.getByRole('button')).toBe(serverButton);
    expect(container.querySelector('[data-deferred="seen"]')).toHaveAttribute(HYDRATED_ATTR);
    fireEvent.click(serverButton);
    expect(serverButton).toHaveTextContent('clicked 1');
  });

  it('load on the first pointer or key input anywhere, seen or not', async () => {
    installObserver();
    const container = document.createElement('div');
    container.innerHTML = await serverHtml('input', 'Testimonials');
    document.body.appendChild(container);
    const { load, resolve } = manualLoader();
    const ClientPart = deferred('input', load);
    await hydratePage(container, ClientPart, 'Testimonials');
    expect(load).not.toHaveBeenCalled();

    await act(async () => fireEvent.keyDown(window, { key: 'Tab' }));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => resolve());
    expect(container.querySelector('[data-deferred="input"]')).toHaveAttribute(HYDRATED_ATTR);
  });

  it('load at once when rendered on the client (a navigation), not waiting to be seen', async () => {
    installObserver();
    const { load, resolve } = manualLoader();
    const ClientPart = deferred('client', load);
    await act(async () => {
      render(<ClientPart label="Process" />);
    });
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => resolve());
    expect(await screen.findByRole('heading', { name: 'Process' })).toBeInTheDocument();
  });

  it('with { seen: selector }, stay server HTML while in view until an element the selector names is seen', async () => {
    const io = installObserver();
    const container = document.createElement('div');
    const when = { seen: 'button' };
    container.innerHTML = await serverHtmlWhen('sentinel', 'Articles', when);
    document.body.appendChild(container);
    const { load, resolve } = manualLoader();
    const ClientPart = deferred('sentinel', load, { when });
    await hydratePage(container, ClientPart, 'Articles');

    // Only the named element is watched: the section around it being in view loads nothing.
    expect(io.observed()).toEqual([screen.getByRole('button')]);
    expect(load).not.toHaveBeenCalled();
    await act(async () => io.show());
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => resolve());
    expect(container.querySelector('[data-deferred="sentinel"]')).toHaveAttribute(HYDRATED_ATTR);
  });

  it("with 'used', are never loaded by being seen, only by the first input", async () => {
    const io = installObserver();
    const container = document.createElement('div');
    container.innerHTML = await serverHtmlWhen('used', 'Article body', 'used');
    document.body.appendChild(container);
    const { load, resolve } = manualLoader();
    const ClientPart = deferred('used', load, { when: 'used' });
    await hydratePage(container, ClientPart, 'Article body');

    expect(io.observed()).toEqual([]);
    await act(async () => io.show());
    expect(load).not.toHaveBeenCalled();
    await act(async () => fireEvent.pointerDown(window));
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => resolve());
    expect(container.querySelector('[data-deferred="used"]')).toHaveAttribute(HYDRATED_ATTR);
  });

  it('load at once, whatever their `when`, when the server rendered nothing of them', async () => {
    installObserver();
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <main>
        <h1>Page</h1>
        <div className="deferred" data-deferred="empty" />
      </main>,
    );
    document.body.appendChild(container);
    const { load, resolve } = manualLoader();
    const ClientPart = deferred('empty', load, { when: 'used' });
    deferUntilNeeded();
    await act(async () => {
      render(<ClientPart label="Fetched in the browser" />);
    });
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => resolve());
  });
});

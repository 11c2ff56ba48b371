import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, HYDRATED_ATTR } from './deferred';

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

afterEach(() => {
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

  it('load their code when first rendered in the browser (the app), then show it', async () => {
    const { load, resolve } = manualLoader();
    const ClientPart = deferred('client', load);
    await act(async () => {
      render(<ClientPart label="Process" />);
    });
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => resolve());
    expect(await screen.findByRole('heading', { name: 'Process' })).toBeInTheDocument();
    expect(document.querySelector('[data-deferred="client"]')).toHaveAttribute(HYDRATED_ATTR);
  });
});

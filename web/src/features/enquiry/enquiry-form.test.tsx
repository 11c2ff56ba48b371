import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PagePreloadContext, preloadNothing, type PreloadPage } from '../../lib/page-preload';
import { VISIT_ARRIVAL_KEY } from '../../lib/visit-arrival';
import { addToJourney } from '../../lib/visit-journey';
import EnquiryForm from './enquiry-form';
import { fireConversionPixel } from './conversion-pixel';
import type { CaptchaState } from './use-captcha';

// The real ALTCHA widget needs Web Workers and WebCrypto proof of work, which jsdom lacks:
// stand in for the lazily loaded widget only; the network (fetch) is mocked below, nothing else.
vi.mock('./altcha-widget', () => ({
  default: ({ onState, start }: { onState: (s: CaptchaState) => void; start: string | null }) => (
    <>
      <output data-testid="captcha-start">{start ?? 'none'}</output>
      <button
        type="button"
        onClick={() =>
          onState({
            state: 'solved',
            payload: btoa(
              JSON.stringify({
                challenge: { parameters: { data: { start: '1700000000000.sig' } } },
                solution: {},
              }),
            ),
          })
        }
      >
        Solve captcha with a start
      </button>
      <button type="button" onClick={() => onState({ state: 'solving' })}>
        Start captcha
      </button>
      <button
        type="button"
        onClick={() => onState({ state: 'solved', payload: 'captcha-payload' })}
      >
        Solve captcha
      </button>
      <button type="button" onClick={() => onState({ state: 'unsolved' })}>
        Fail captcha
      </button>
    </>
  ),
}));

const fetchMock = vi.fn<typeof fetch>();

function renderForm(preloadPage: PreloadPage = preloadNothing) {
  const user = userEvent.setup({ delay: null });
  render(
    <PagePreloadContext.Provider value={preloadPage}>
      <MemoryRouter initialEntries={['/contact']}>
        <Routes>
          <Route path="/contact" element={<EnquiryForm />} />
          <Route path="/thank-you-alchem" element={<p>Thank you page</p>} />
        </Routes>
      </MemoryRouter>
    </PagePreloadContext.Provider>,
  );
  return user;
}

async function fillAll(user: ReturnType<typeof userEvent.setup>, subject = 'SEO') {
  await user.type(screen.getByLabelText('Name'), 'Asha Kumar');
  await user.type(screen.getByLabelText('Phone'), '9876543210');
  await user.type(screen.getByLabelText('Email'), 'asha@example.com');
  if (subject) await user.selectOptions(screen.getByLabelText('Subject'), subject);
  await user.type(screen.getByLabelText('Message'), 'We need a new website.');
}

const messages = [
  '*Name is required',
  '*Phone is required',
  '*Email is required',
  '*Subject is required',
  '*Message is required',
];

const created = new Response(JSON.stringify({ data: { id: 'lead-1' }, message: 'Thank you' }), {
  status: 201,
});

/** The fields of the n-th request's multipart body. */
function sentFields(n = 0): Record<string, FormDataEntryValue> {
  const init = fetchMock.mock.calls[n]?.[1];
  return Object.fromEntries(init?.body instanceof FormData ? init.body : new FormData());
}

describe('EnquiryForm', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('loads the captcha widget only once the visitor starts on the form', async () => {
    const user = renderForm();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Solve captcha' })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Name'));
    expect(await screen.findByRole('button', { name: 'Solve captcha' })).toBeInTheDocument();
  });

  it('has the right input types and the seven subjects after a placeholder', () => {
    renderForm();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([
      'Select a subject',
      'Website design & development',
      'Digital marketing',
      'Branding',
      'Content marketing',
      'SaaS development',
      'SEO',
      'Graphic designing',
    ]);
  });

  it('shows each inline message only for its own emptied field', async () => {
    const user = renderForm();
    await user.type(screen.getByLabelText('Name'), 'A');
    await user.clear(screen.getByLabelText('Name'));
    expect(screen.getByText('*Name is required')).toBeInTheDocument();
    expect(screen.queryByText('*Email is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('*Name is required');
    await user.type(screen.getByLabelText('Name'), 'B');
    expect(screen.queryByText('*Name is required')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Message'));
    await user.tab();
    expect(screen.getByText('*Message is required')).toBeInTheDocument();
    expect(screen.queryByText('*Phone is required')).not.toBeInTheDocument();
  });

  it('submitting empty shows every message and the fill-all popup, without calling the API', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    for (const m of messages) expect(screen.getByText(m)).toBeInTheDocument();
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Please fill all necessary field.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats the placeholder subject as empty', async () => {
    const user = renderForm();
    await fillAll(user, '');
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Please fill all necessary field.');
    expect(screen.getByText('*Subject is required')).toBeInTheDocument();
    expect(screen.queryByText('*Name is required')).not.toBeInTheDocument();
  });

  it('asks for the captcha when everything else is filled', async () => {
    const user = renderForm();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Please select the captcha.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the lead as multipart, shows Sending..., then goes to the thank-you page', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const user = renderForm();
    await fillAll(user, 'Digital marketing');
    await user.click(await screen.findByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));

    const busy = screen.getByRole('button', { name: 'Sending...' });
    expect(busy).toBeDisabled();
    // The API client is imported on first submit, so the request starts a moment later.
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/lead');
    expect(init?.method).toBe('POST');
    expect(sentFields()).toEqual({
      name: 'Asha Kumar',
      phone: '9876543210',
      email: 'asha@example.com',
      subject: 'Digital marketing',
      message: 'We need a new website.',
      altcha: 'captcha-payload',
      page: '/contact',
      website: '',
    });

    answer(
      new Response(JSON.stringify({ data: { id: 'lead-1' }, message: 'Thank you' }), {
        status: 201,
      }),
    );
    expect(await screen.findByText('Thank you page')).toBeInTheDocument();
  });

  it('sends where the visit came from: first page, external referrer, campaign parameters', async () => {
    sessionStorage.setItem(
      VISIT_ARRIVAL_KEY,
      JSON.stringify({
        landing_page: '/services?utm_source=newsletter&utm_campaign=nov&gclid=g1',
        referrer: 'https://news.example/issue-12',
      }),
    );
    fetchMock.mockResolvedValue(created.clone());
    const user = renderForm();
    await fillAll(user);
    await user.click(await screen.findByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText('Thank you page')).toBeInTheDocument();
    expect(sentFields()).toMatchObject({
      page: '/contact',
      landing_page: '/services?utm_source=newsletter&utm_campaign=nov&gclid=g1',
      referrer: 'https://news.example/issue-12',
      utm_source: 'newsletter',
      utm_campaign: 'nov',
      gclid: 'g1',
    });
    expect(sentFields()).not.toHaveProperty('utm_medium');
  });

  it("sends the visit's journey: the pages seen in this tab's visit and when it began", async () => {
    addToJourney('/services', new Date('2026-03-02T09:00:00Z'));
    addToJourney('/blog/seo-basics', new Date('2026-03-02T09:01:00Z'));
    addToJourney('/contact', new Date('2026-03-02T09:03:00Z'));
    fetchMock.mockResolvedValue(created.clone());
    const user = renderForm();
    await fillAll(user);
    await user.click(await screen.findByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText('Thank you page')).toBeInTheDocument();
    expect(sentFields()).toMatchObject({
      visit_pages: '/services\n/blog/seo-basics\n/contact',
      visit_started_at: '2026-03-02T09:00:00.000Z',
    });
  });

  it('has a honeypot people neither see, reach by keyboard nor hear, and sends what a bot put in it', async () => {
    fetchMock.mockResolvedValue(created.clone());
    const user = renderForm();
    const trap = document.body.querySelector<HTMLInputElement>('input[name="website"]');
    if (!trap) throw new Error('no honeypot');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap).toHaveAttribute('autocomplete', 'off');
    expect(trap.closest('[aria-hidden="true"]')).toHaveClass('visually-hidden');
    expect(screen.queryByRole('textbox', { name: /leave this field empty/i })).toBeNull();
    expect(screen.getByLabelText('Leave this field empty')).toBe(trap);

    await fillAll(user);
    // Tab order: Message, then past the honeypot to the captcha.
    await user.click(screen.getByLabelText('Message'));
    await user.tab();
    expect(trap).not.toHaveFocus();

    // A bot fills every input it finds, without the events a person's typing makes.
    trap.value = 'https://spam.example';
    await user.click(await screen.findByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText('Thank you page')).toBeInTheDocument();
    expect(sentFields().website).toBe('https://spam.example');
  });

  it('sent while the captcha is still solving, waits for it, then sends once', async () => {
    fetchMock.mockResolvedValue(created.clone());
    const user = renderForm();
    await fillAll(user);
    await user.click(await screen.findByRole('button', { name: 'Start captcha' }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await new Promise((r) => setTimeout(r, 50));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Solve captcha' }));
    expect(await screen.findByText('Thank you page')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentFields().altcha).toBe('captcha-payload');
  });

  it('asks for the captcha when it fails while the enquiry waits for it, and keeps what was typed', async () => {
    const user = renderForm();
    await fillAll(user);
    await user.click(await screen.findByRole('button', { name: 'Start captcha' }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await user.click(screen.getByRole('button', { name: 'Fail captcha' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Please select the captcha.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('Asha Kumar');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('button', { name: 'Send enquiry' })).toBeEnabled();
  });

  it('a retry after a failed send goes at once: its fresh challenge carries the page view’s start', async () => {
    fetchMock
      .mockResolvedValueOnce(new Response(JSON.stringify({ error: 'Try again' }), { status: 503 }))
      .mockResolvedValue(created.clone());
    const user = renderForm();
    await fillAll(user);
    // The first widget fetched its challenge without a start: it is the page view's first.
    expect(await screen.findByTestId('captcha-start')).toHaveTextContent('none');
    await user.click(screen.getByRole('button', { name: 'Solve captcha with a start' }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Try again');
    await user.click(screen.getByRole('button', { name: 'OK' }));

    // A fresh widget (a solution is accepted once), asking with the start of the first challenge.
    expect(await screen.findByTestId('captcha-start')).toHaveTextContent('1700000000000.sig');
    await user.click(screen.getByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText('Thank you page')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('fetches the thank-you page once the visitor starts on the form, not before', async () => {
    const preloadPage = vi.fn<PreloadPage>(() => Promise.resolve());
    const user = renderForm(preloadPage);
    await new Promise((r) => setTimeout(r, 50));
    expect(preloadPage).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('Name'));
    await waitFor(() => expect(preloadPage).toHaveBeenCalledWith('/thank-you-alchem'));
  });

  it('changes the address only once the thank-you page is loaded, so it never shows blank', async () => {
    let pageLoaded: () => void = () => {};
    const preloadPage = vi.fn<PreloadPage>(
      () => new Promise<void>((resolve) => (pageLoaded = resolve)),
    );
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ data: { id: 'lead-1' }, message: 'Thank you' }), {
        status: 201,
      }),
    );
    const user = renderForm(preloadPage);
    await fillAll(user);
    await user.click(await screen.findByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Thank you page')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    pageLoaded();
    expect(await screen.findByText('Thank you page')).toBeInTheDocument();
  });

  it('still goes to the thank-you page when its early fetch failed', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ data: { id: 'lead-1' }, message: 'Thank you' }), {
        status: 201,
      }),
    );
    const user = renderForm(() => Promise.reject(new Error('offline')));
    await fillAll(user);
    await user.click(await screen.findByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByText('Thank you page')).toBeInTheDocument();
  });

  it('shows the server error at its field and in the popup by the field label, keeps the values and re-enables the button', async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          error: 'email: is not a valid e-mail address',
          field: 'email',
          code: 'invalid',
        }),
        { status: 400 },
      ),
    );
    const user = renderForm();
    await fillAll(user);
    await user.click(await screen.findByRole('button', { name: 'Solve captcha' }));
    await user.click(screen.getByRole('button', { name: 'Send enquiry' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Email: Is not a valid e-mail address.',
    );
    expect(screen.getByRole('alertdialog')).not.toHaveTextContent('email:');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Is not a valid e-mail address.');
    await user.type(email, 'x');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveValue('Asha Kumar');
    expect(screen.getByLabelText('Message')).toHaveValue('We need a new website.');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send enquiry' })).toBeEnabled());
  });

  it('keeps only phone characters in the phone field', async () => {
    const user = renderForm();
    await user.type(screen.getByLabelText('Phone'), '+91 98a76');
    expect(screen.getByLabelText('Phone')).toHaveValue('+91 9876');
  });
});

describe('fireConversionPixel', () => {
  it('requests the pixel only when configured', () => {
    const created: string[] = [];
    class FakeImage {
      referrerPolicy = '';
      set src(v: string) {
        created.push(v);
      }
    }
    vi.stubGlobal('Image', FakeImage);
    fireConversionPixel(undefined);
    fireConversionPixel('https://ads.example/pixel?id=1');
    expect(created).toEqual(['https://ads.example/pixel?id=1']);
    vi.unstubAllGlobals();
  });
});

import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LEAD_LIMITS, LEAD_SPAM, LEAD_SUBJECTS } from '@agency/shared';
import { env } from '../../lib/env';
import { usePreloadPage } from '../../lib/page-preload';
import { readVisitSource } from '../../lib/visit-source';
import { readVisitJourney } from '../../lib/visit-journey';
import { CaptchaField } from './captcha-field';
import { fireConversionPixel } from './conversion-pixel';
import { useCaptcha } from './use-captcha';
import { useStarted } from './use-started';
import {
  emptyEnquiry,
  isEmpty,
  isEnquiryField,
  missingFields,
  POPUP_MISSING_CAPTCHA,
  POPUP_MISSING_FIELDS,
  requiredMessages,
  type EnquiryField,
  type EnquiryValues,
} from './validate';
import { pagePath } from '../../config/pages';

export const THANK_YOU_PATH = pagePath('thankYou');

/**
 * The popup (and its focus trap) only a sent form can need: its code loads once the visitor starts
 * on the form (useStarted), beside the captcha, so a page showing the form does not fetch it.
 */
const Popup = lazy(() => import('../../components/popup').then((m) => ({ default: m.Popup })));

export interface EnquiryFormProps {
  /** Anchor id of the form section (service pages scroll to it). */
  id?: string;
  /** Page the lead is attributed to; defaults to the current path. */
  page?: string;
  heading?: string;
}

/** ApiError without importing its module (kept out of the page chunk): a status and a server sentence. */
/** Recognised by shape, not `instanceof`: the API client is loaded lazily, possibly as another module instance. */
function isApiError(err: unknown): err is { name: 'ApiError'; message: string; field?: unknown } {
  return (
    typeof err === 'object' &&
    err !== null &&
    'name' in err &&
    err.name === 'ApiError' &&
    'message' in err &&
    typeof err.message === 'string' &&
    err.message.length > 0
  );
}

/** The form's fields by the API's names, with the labels people see. */
const FIELD_LABELS: Record<EnquiryField, string> = {
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
};

/** The field of the form a refusal concerns (its `field`), if it is one. */
const refusedField = (err: { field?: unknown }): EnquiryField | null =>
  typeof err.field === 'string' && isEnquiryField(err.field) ? err.field : null;

const SERVER_FAILURE = 'Sorry, your enquiry could not be sent. Please try again.';

/**
 * The enquiry (lead) form of spec 000 §3–5: five required fields with their own inline messages,
 * a popup for missing fields or captcha, "Sending..." while the request runs, and on success the
 * thank-you page (form and captcha cleared, conversion pixel requested). On failure the server's
 * message shows in the popup and everything typed stays.
 */
const isFieldElement = (
  el: unknown,
): el is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement =>
  el instanceof HTMLInputElement ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement;

export default function EnquiryForm({ id = 'enquiry-form', page, heading }: EnquiryFormProps) {
  const uid = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [values, setValues] = useState<EnquiryValues>(emptyEnquiry);
  const [touched, setTouched] = useState<Partial<Record<EnquiryField, boolean>>>({});
  const captcha = useCaptcha();
  const [sending, setSending] = useState(false);
  const [popup, setPopup] = useState<string | null>(null);
  /** The server's refusal of one field, shown at it until that field changes. */
  const [refused, setRefused] = useState<{ field: EnquiryField; message: string } | null>(null);
  const sendingRef = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Read from the page at send time: whatever filled it (a bot, not a person) is what counts.
  const honeypotRef = useRef<HTMLInputElement>(null);
  const started = useStarted(formRef);
  const preloadPage = usePreloadPage();

  // The thank-you page loads while the visitor fills in the form, so that page shows at once after
  // a successful send instead of a blank moment.
  useEffect(() => {
    if (!started) return;
    preloadPage(THANK_YOU_PATH).catch(() => undefined);
    // The API client and the contract it checks answers with load while the visitor types, not
    // after Send: the send then leaves at once.
    import('../../lib/api-client').catch(() => undefined);
  }, [started, preloadPage]);

  // What the visitor typed before the form was live (its island wakes at their first input, so the
  // first keys land in the server's fields) or the browser put back on Back is what the form holds.
  useEffect(() => {
    const fields = formRef.current?.elements;
    if (!fields) return;
    const typed: Partial<EnquiryValues> = {};
    for (const field of Object.keys(emptyEnquiry)) {
      const el = fields.namedItem(field);
      if (!isEnquiryField(field) || !isFieldElement(el) || el.value === '') continue;
      typed[field] = field === 'phone' ? el.value.replace(/[^0-9 +()-]/g, '') : el.value;
    }
    if (Object.keys(typed).length > 0) setValues((v) => ({ ...v, ...typed }));
  }, []);

  const fieldId = (f: EnquiryField): string => `${uid}-${f}`;
  const errorId = (f: EnquiryField): string => `${uid}-${f}-error`;
  const missing = (f: EnquiryField): boolean => touched[f] === true && isEmpty(f, values[f]);
  const errorOf = (f: EnquiryField): string | null =>
    missing(f) ? requiredMessages[f] : refused?.field === f ? refused.message : null;
  const showError = (f: EnquiryField): boolean => errorOf(f) !== null;

  const onChange = (
    e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ): void => {
    const field = e.target.name;
    if (!isEnquiryField(field)) return;
    const value = field === 'phone' ? e.target.value.replace(/[^0-9 +()-]/g, '') : e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setRefused((r) => (r?.field === field ? null : r));
  };
  const onBlur = (field: EnquiryField) => () => setTouched((t) => ({ ...t, [field]: true }));

  const onSubmit = async (e: FormEvent<HTMLFormElement>): Promise<void> => {
    e.preventDefault();
    if (sendingRef.current) return;
    if (missingFields(values).length > 0) {
      setTouched({ name: true, phone: true, email: true, subject: true, message: true });
      setPopup(POPUP_MISSING_FIELDS);
      return;
    }
    if (captcha.unsolved()) {
      setPopup(POPUP_MISSING_CAPTCHA);
      return;
    }
    sendingRef.current = true;
    setSending(true);
    // Normally loaded already; awaited below so the address never changes to a blank page.
    const thankYouReady = preloadPage(THANK_YOU_PATH).catch(() => undefined);
    // The captcha starts solving when the visitor first focuses the form; sent before it is done,
    // the enquiry waits for it ("Sending...") instead of asking for it again.
    const altcha = await captcha.settled();
    if (!altcha) {
      // It failed meanwhile.
      sendingRef.current = false;
      setSending(false);
      setPopup(POPUP_MISSING_CAPTCHA);
      return;
    }
    // A retry after a failed send carries a fresh challenge, but that challenge carries the page
    // view's signed start, so the server still measures the fill time from the first interaction.
    try {
      // The API client (with the contract's schemas) loads on first submit, keeping it out of page load.
      const { callApi } = await import('../../lib/api-client');
      await callApi('createLead', {
        body: {
          name: values.name.trim(),
          phone: values.phone.trim(),
          email: values.email.trim(),
          subject: values.subject,
          message: values.message.trim(),
          altcha,
          page: (page ?? pathname).slice(0, LEAD_LIMITS.pageMax),
          ...readVisitSource(),
          // The pages this visit saw and when it began (this tab's sessionStorage, never across visits).
          ...readVisitJourney(),
          [LEAD_SPAM.honeypotField]: honeypotRef.current?.value ?? '',
        },
      });
      await thankYouReady;
      setValues(emptyEnquiry);
      setTouched({});
      captcha.reset();
      fireConversionPixel(env.VITE_CONVERSION_PIXEL_URL);
      void navigate(THANK_YOU_PATH);
    } catch (err) {
      const at = isApiError(err) ? refusedField(err) : null;
      if (isApiError(err) && at) {
        // At the field, and in the popup under the field's label.
        setRefused({ field: at, message: err.message });
        setPopup(`${FIELD_LABELS[at]}: ${err.message}`);
      } else setPopup(isApiError(err) ? err.message : SERVER_FAILURE);
      // A verified solution is accepted once by the server: ask for a fresh one.
      captcha.reset();
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  /** What every control of the form shares: id, name, value, handlers and its ARIA state. */
  const control = (f: EnquiryField) => ({
    id: fieldId(f),
    name: f,
    value: values[f],
    onChange,
    onBlur: onBlur(f),
    'aria-required': true,
    'aria-invalid': showError(f),
    'aria-describedby': showError(f) ? errorId(f) : undefined,
  });
  const field = (f: EnquiryField, input: ReactNode, wide = false) => (
    <div className={wide ? 'enquiry__field enquiry__field--wide' : 'enquiry__field'}>
      <label htmlFor={fieldId(f)}>{FIELD_LABELS[f]}</label>
      {input}
      {showError(f) && (
        <p id={errorId(f)} className="enquiry__error">
          {errorOf(f)}
        </p>
      )}
    </div>
  );

  return (
    <section id={id} className="enquiry" aria-labelledby={`${uid}-heading`}>
      <h2 id={`${uid}-heading`} className="enquiry__heading">
        {heading ?? 'Send us an enquiry'}
      </h2>
      <form
        ref={formRef}
        className="enquiry__form"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        aria-busy={sending}
      >
        {field(
          'name',
          <input
            {...control('name')}
            type="text"
            autoComplete="name"
            maxLength={LEAD_LIMITS.nameMax}
          />,
        )}
        {field(
          'phone',
          <input
            {...control('phone')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={LEAD_LIMITS.phoneMax}
          />,
        )}
        {field(
          'email',
          <input
            {...control('email')}
            type="email"
            autoComplete="email"
            maxLength={LEAD_LIMITS.emailMax}
          />,
        )}
        {field(
          'subject',
          <select {...control('subject')}>
            <option value="">Select a subject</option>
            {LEAD_SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>,
        )}
        {field(
          'message',
          <textarea {...control('message')} rows={5} maxLength={LEAD_LIMITS.messageMax} />,
          true,
        )}
        {/* The honeypot: a real field, but out of sight (clipped, not display:none, which some bots
            skip), out of the tab order and hidden from assistive technology, so only a bot fills
            it; the server then files the lead as spam. Absolutely placed: it takes no grid cell. */}
        <div className="visually-hidden enquiry__trap" aria-hidden="true">
          <label htmlFor={`${uid}-${LEAD_SPAM.honeypotField}`}>Leave this field empty</label>
          <input
            ref={honeypotRef}
            id={`${uid}-${LEAD_SPAM.honeypotField}`}
            name={LEAD_SPAM.honeypotField}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <div className="enquiry__field enquiry__field--wide">
          <CaptchaField
            key={captcha.key}
            started={started}
            onState={captcha.onState}
            start={captcha.start}
          />
        </div>
        <div className="enquiry__actions">
          <button type="submit" className="btn btn--primary" disabled={sending}>
            {sending ? 'Sending...' : 'Send enquiry'}
          </button>
        </div>
      </form>
      {(started || popup !== null) && (
        <Suspense fallback={null}>
          <Popup
            open={popup !== null}
            variant="error"
            title="Oops!"
            message={popup ?? ''}
            onClose={() => setPopup(null)}
          />
        </Suspense>
      )}
    </section>
  );
}

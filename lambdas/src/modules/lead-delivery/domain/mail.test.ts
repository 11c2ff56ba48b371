import { describe, expect, it } from 'vitest';
import { lead as leadSchema } from '@agency/shared';
import { composeLeadEmail, escapeHtml, headerSafe, leadSourceText, recipients } from './mail';

const lead = leadSchema.parse({
  id: '01J0000000000000000000000A',
  created_at: '2025-03-01T10:00:00.000Z',
  name: 'Eve\r\nBcc: victim@example.com',
  phone: '+1 (312) 555-0100',
  email: 'eve@example.com',
  subject: 'Branding',
  message: '<script>alert("x")</script> & <b>bold</b>\nsecond line',
  page: '/contact-us',
  email_status: 'pending',
  email_attempts: 0,
  source: 'google',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'spring <sale>',
  landing_page: '/services?utm_source=google',
});

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('headerSafe', () => {
  it('turns CR, LF and other control characters into single spaces', () => {
    expect(headerSafe('a\r\nb\tc\u0000d\u2028e')).toBe('a b c d e');
  });
});

describe('recipients', () => {
  it('splits a comma list and drops blanks', () => {
    expect(recipients(' a@x.com, b@y.com ,,')).toEqual(['a@x.com', 'b@y.com']);
  });
});

describe('composeLeadEmail', () => {
  const mail = composeLeadEmail(lead, {
    from: 'site@agency.test',
    to: 'sales@agency.test,boss@agency.test',
    siteUrl: 'https://www.agency.test',
  });

  it('takes sender and recipients from configuration and replies to the visitor', () => {
    expect(mail.from).toBe('site@agency.test');
    expect(mail.to).toEqual(['sales@agency.test', 'boss@agency.test']);
    expect(mail.replyTo).toEqual(['eve@example.com']);
  });

  it('builds a one-line subject that cannot inject headers', () => {
    expect(mail.subject).toBe('New enquiry: Branding from Eve Bcc: victim@example.com');
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('escapes the visitor text in the HTML part and never leaves a live tag', () => {
    expect(mail.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>bold');
  });

  it('keeps the text part verbatim with every field', () => {
    expect(mail.text).toContain('<script>alert("x")</script> & <b>bold</b>\nsecond line');
    expect(mail.text).toContain('Phone: +1 (312) 555-0100');
    expect(mail.text).toContain('Page: https://www.agency.test/contact-us');
    expect(mail.text).toContain('Reference: 01J0000000000000000000000A');
  });

  it('says where the lead came from and links to its page in the admin', () => {
    expect(mail.text).toContain('Source: google (cpc / spring <sale>)');
    expect(mail.text).toContain('Landing page: https://www.agency.test/services?utm_source=google');
    expect(mail.text).toContain(
      'Open the lead in the admin: https://www.agency.test/admin/leads/01J0000000000000000000000A',
    );
    expect(mail.html).toContain('google (cpc / spring &lt;sale&gt;)');
    expect(mail.html).toContain(
      '<a href="https://www.agency.test/admin/leads/01J0000000000000000000000A">',
    );
  });
});

describe('links in a lead e-mail', () => {
  it('are all absolute: the admin link, and the pages the enquiry names on the site’s address', () => {
    const mail = composeLeadEmail(
      {
        ...lead,
        message: 'Please call me back.',
        landing_page: 'https://partner.example/offer',
        page: '/contact-us',
      },
      { from: 'a@agency.test', to: 'b@agency.test', siteUrl: 'https://www.agency.test' },
    );
    const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/www\.agency\.test\//);
    // No path a reader would have to complete: every "/x" follows a host.
    expect(mail.text.match(/(?<![\w.:/-])\/[a-z][\w/-]*/gi)).toBeNull();
    expect(mail.text).toContain('Landing page: https://partner.example/offer');
    expect(mail.text).toContain('Page: https://www.agency.test/contact-us');
  });
});

describe('leadSourceText', () => {
  it('is the bare label for a lead without campaign parameters (leads stored before sources)', () => {
    const old = leadSchema.parse({
      ...lead,
      source: undefined,
      utm_medium: null,
      utm_campaign: null,
    });
    expect(leadSourceText(old)).toBe('direct');
  });
});

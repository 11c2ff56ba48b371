import { describe, expect, it } from 'vitest';
import { lead as leadSchema, type Lead } from '@agency/shared';
import { exportFileName, leadsToCsv, neutralise, toCsv } from './csv';

const HEADER =
  'id,created_at,name,email,phone,subject,message,page,email_status,email_attempts,' +
  'status,spam_reason,source,utm_source,utm_medium,utm_campaign,utm_term,utm_content,gclid,' +
  'landing_page,referrer,webhook_status,webhook_attempts,updated_at';
/** The pipeline columns of a lead stored before the pipeline (every default). */
const OLD_LEAD_TAIL = ',new,,direct,,,,,,,,,off,0,';

const lead = (over: Partial<Lead> = {}): Lead =>
  leadSchema.parse({
    id: '01J0000000000000000000000A',
    created_at: '2025-03-01T10:00:00.000Z',
    name: 'Ada Lovelace',
    phone: '044 1234 5678',
    email: 'ada@example.com',
    subject: 'SEO',
    message: 'Hello',
    page: '/contact-us',
    email_status: 'sent',
    email_attempts: 1,
    ...over,
  });

describe('neutralise', () => {
  it.each(['=', '+', '-', '@', '\t', '\r'])(
    'prefixes a cell starting with %j with an apostrophe',
    (start) => {
      expect(neutralise(`${start}SUM(A1:A2)`)).toBe(`'${start}SUM(A1:A2)`);
    },
  );

  it('leaves ordinary text, and dangerous characters after the first, alone', () => {
    expect(neutralise('Hello =1+1')).toBe('Hello =1+1');
    expect(neutralise('')).toBe('');
    expect(neutralise("'quoted")).toBe("'quoted");
  });
});

describe('toCsv', () => {
  it('quotes cells holding quotes, commas and line breaks (RFC 4180) and ends records with CRLF', () => {
    const csv = toCsv(['a', 'b', 'c', 'd'], [['say "hi"', 'x,y', 'line1\nline2', 'cr\ronly']]);
    expect(csv).toBe('a,b,c,d\r\n"say ""hi""","x,y","line1\nline2","cr\ronly"\r\n');
  });

  it('neutralises before quoting, so a formula cell with quotes is both prefixed and escaped', () => {
    expect(toCsv(['w'], [['=HYPERLINK("http://evil")'], ['-5'], [7]])).toBe(
      'w\r\n"\'=HYPERLINK(""http://evil"")"\r\n\'-5\r\n7\r\n',
    );
  });
});

describe('leadsToCsv', () => {
  it('writes a header row and one neutralised row per lead, in the given order', () => {
    const csv = leadsToCsv([
      lead({ id: 'B', name: '@attacker', page: null }),
      lead({ id: 'A', phone: '+91 98400 12345' }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      HEADER,
      `B,2025-03-01T10:00:00.000Z,'@attacker,ada@example.com,044 1234 5678,SEO,Hello,,sent,1${OLD_LEAD_TAIL}`,
      `A,2025-03-01T10:00:00.000Z,Ada Lovelace,ada@example.com,'+91 98400 12345,SEO,Hello,/contact-us,sent,1${OLD_LEAD_TAIL}`,
      '',
    ]);
  });

  it('carries the pipeline, the source and the webhook delivery, campaign values neutralised too', () => {
    const csv = leadsToCsv([
      lead({
        status: 'spam',
        spam_reason: 'honeypot',
        source: 'newsletter',
        utm_source: 'Newsletter',
        utm_medium: 'email',
        utm_campaign: '=cmd|calc',
        utm_term: '-1',
        utm_content: 'hero',
        gclid: 'abc',
        landing_page: '/seo?utm_source=Newsletter&x=a,b',
        referrer: 'https://mail.example/inbox',
        email_status: 'held',
        email_attempts: 0,
        webhook_status: 'held',
        updated_at: '2025-03-02T08:00:00.000Z',
      }),
    ]);
    expect(csv.split('\r\n')[1]).toBe(
      '01J0000000000000000000000A,2025-03-01T10:00:00.000Z,Ada Lovelace,ada@example.com,044 1234 5678,SEO,Hello,/contact-us,held,0,' +
        "spam,honeypot,newsletter,Newsletter,email,'=cmd|calc,'-1,hero,abc," +
        '"/seo?utm_source=Newsletter&x=a,b",https://mail.example/inbox,held,0,2025-03-02T08:00:00.000Z',
    );
  });

  it('is only the header for no leads', () => {
    expect(leadsToCsv([])).toBe(`${HEADER}\r\n`);
  });
});

it('names the export after the UTC day', () => {
  expect(exportFileName(new Date('2025-12-31T23:30:00Z'))).toBe('leads-2025-12-31.csv');
});

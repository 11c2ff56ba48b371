import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveForForm } from '../support/captcha-solver';
import { startTestStack, type TestStack } from '../harness';
import { executableVectors, XSS_PAYLOADS } from './xss-payloads';
import { overrideEnv, QUICK_ENQUIRIES } from '../support/enquiry-env';

let stack: TestStack;
let restoreEnv: () => void;
let token: string;

beforeAll(async () => {
  restoreEnv = overrideEnv(QUICK_ENQUIRIES);
  stack = await startTestStack();
  token = await stack.adminToken();
});
afterAll(async () => {
  restoreEnv();
  await stack?.stop();
});

async function captcha(): Promise<string> {
  const challenge = await stack.invoke('getCaptchaChallenge');
  return solveForForm(challenge.json);
}

describe(`XSS: ${XSS_PAYLOADS.length} filter-evasion payloads`, () => {
  it('has at least 50 payloads, and the detector sees each raw payload that carries a vector', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
    const detected = XSS_PAYLOADS.filter((p) => executableVectors(p).length > 0);
    expect(detected.length).toBeGreaterThanOrEqual(50);
  });

  it('post content and title are stored sanitised: no executable vector survives', async () => {
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      const res = await stack.invoke('createPost', {
        token,
        multipart: {
          title: `T ${payload}`.slice(0, 190),
          slug: `xss-${i}`,
          content: `<p>before</p>${payload}<p>after</p>`,
        },
      });
      expect(res.status, `${payload} → ${res.body}`).toBe(201);
      const got = await stack.invoke('getPost', { form: { slug: `xss-${i}` } });
      const post = (got.json as { data: { post: { content: string; title: string } } }).data.post;
      expect(executableVectors(post.content), payload).toEqual([]);
      expect(post.title, payload).not.toMatch(/<[a-zA-Z!/?]/);
      expect(post.content).toContain('<p>before</p>');
    }
  });

  it('head_tag payloads are rejected with a 400 naming head_tag, or stored without a vector', async () => {
    let rejected = 0;
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      const res = await stack.invoke('createPost', {
        token,
        multipart: {
          title: `Head ${i}`,
          slug: `head-${i}`,
          content: '<p>x</p>',
          head_tag: payload,
        },
      });
      expect([201, 400], payload).toContain(res.status);
      if (res.status === 400) {
        rejected++;
        expect((res.json as { error: string }).error).toMatch(/^head_tag/);
        continue;
      }
      const got = await stack.invoke('getPost', { form: { slug: `head-${i}` } });
      const headTag = (got.json as { data: { post: { head_tag: string } } }).data.post.head_tag;
      const vectors = executableVectors(headTag).filter(
        (v) => v !== 'tag meta' && v !== 'tag link',
      );
      expect(vectors, payload).toEqual([]);
      expect(headTag).not.toMatch(/<script(?![^>]*application\/ld\+json)/i);
    }
    expect(rejected).toBeGreaterThan(XSS_PAYLOADS.length / 2);
  });

  it('slugs and category ids carrying payloads are rejected naming the field', async () => {
    for (const payload of XSS_PAYLOADS.slice(0, 20)) {
      const bySlug = await stack.invoke('createPost', {
        token,
        multipart: { title: 'x', slug: payload, content: '' },
      });
      expect(bySlug.status).toBe(400);
      expect((bySlug.json as { error: string }).error).toMatch(/^slug/);
      const byCategory = await stack.invoke('createPost', {
        token,
        multipart: { title: 'x', slug: 'fine-slug', category_id: payload },
      });
      expect(byCategory.status).toBe(400);
      expect((byCategory.json as { error: string }).error).toMatch(/^category_id/);
    }
  });

  it('lead fields: payloads in name, message and page are stored as text and escaped in the e-mail; in email/phone/subject they are rejected', async () => {
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      const res = await stack.invoke('createLead', {
        sourceIp: `10.9.${Math.floor(i / 200)}.${i % 200}`,
        multipart: {
          name: payload.slice(0, 100),
          phone: '+91 98765 43210',
          email: 'visitor@example.com',
          subject: 'SEO',
          message: payload,
          page: `/contact?${payload.slice(0, 200)}`,
          altcha: await captcha(),
        },
      });
      expect([201, 400], payload).toContain(res.status);
    }
    for (const field of ['email', 'phone', 'subject'] as const) {
      for (const payload of XSS_PAYLOADS.slice(0, 10)) {
        const fields = {
          name: 'A',
          phone: '12345678',
          email: 'a@example.com',
          subject: 'SEO',
          message: 'm',
          [field]: payload,
        };
        const res = await stack.invoke('createLead', {
          sourceIp: '10.8.0.1',
          multipart: { ...fields, altcha: 'not-needed-validation-fails-first' },
        });
        expect(res.status, `${field} ${payload}`).toBe(400);
        expect((res.json as { error: string }).error).toMatch(new RegExp(`^${field}`));
      }
    }
    const mails = await stack.sesMessages();
    expect(mails.length).toBeGreaterThan(50);
    for (const mail of mails) {
      // The template's own document tags aside, nothing executable may come from the visitor.
      const html = (mail.body.html ?? '').replace(/<\/?(html|body)>/g, '');
      expect(executableVectors(html), html).toEqual([]);
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
  });

  it('CSV export neutralises formula injection', async () => {
    const formulas = [
      '=HYPERLINK("http://evil.example","x")',
      "+cmd|' /C calc'!A0",
      '-2+3',
      "@SUM(1+1)*cmd|' /C calc'!A0",
    ];
    for (const [i, f] of formulas.entries()) {
      const res = await stack.invoke('createLead', {
        sourceIp: `10.7.0.${i}`,
        multipart: {
          name: f,
          phone: '12345678',
          email: 'csv@example.com',
          subject: 'Branding',
          message: f,
          altcha: await captcha(),
        },
      });
      expect(res.status).toBe(201);
    }
    const csv = await stack.invoke('exportLeads', { token });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const cells = csv.body.split(/,|\r?\n/).map((c) => c.replace(/^"|"$/g, ''));
    for (const cell of cells) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    for (const f of formulas) expect(csv.body).toContain(`'${f.slice(0, 5)}`.replace(/"/g, '""'));
  });
});

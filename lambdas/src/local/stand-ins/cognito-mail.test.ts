import { describe, expect, it } from 'vitest';
import { renderAccountEmail } from './cognito-mail';

const SITE = 'https://agency.example';

/** Every address a mail links to or shows: href values, and paths or URLs in its text. */
function linksOf(mail: { html: string; text: string }): { hrefs: string[]; paths: string[] } {
  const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? '');
  // A path a reader would have to complete: "/creative-login" not preceded by a host.
  const paths = [...mail.text.matchAll(/(?<![\w.:/-])\/[a-z][\w/-]*/gi)].map((m) => m[0]);
  return { hrefs, paths };
}

describe('the user pool’s e-mails', () => {
  it.each(['AdminCreateUser', 'ForgotPassword'] as const)(
    '%s links to the sign-in page at the site’s address, never to a bare path',
    (source) => {
      const mail = renderAccountEmail(source, 'ann@example.com', 'Tmp$1234', SITE);
      const { hrefs, paths } = linksOf(mail);
      expect(hrefs).toEqual([`${SITE}/creative-login`]);
      expect(paths).toEqual([]);
      expect(mail.text).toContain(`${SITE}/creative-login`);
      expect(mail.text).not.toContain('<a');
    },
  );

  it('fills the invitation with the e-mail and the temporary password, `$` and all', () => {
    const mail = renderAccountEmail('AdminCreateUser', 'ann@example.com', 'Tmp$&1234', SITE);
    expect(mail.text).toContain(
      'with your e-mail ann@example.com and this temporary password: Tmp$&1234\n',
    );
    expect(mail.html).toContain('Tmp$&#38;1234');
  });
});

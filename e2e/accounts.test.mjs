// npm run test:e2e — the accounts an agency can trust, as people use them: an admin invites an
// editor from the team page, the editor's first sign-in (temporary password from the local inbox)
// sets their own password, they write and publish a post but find no leads; a forgotten password
// is reset from the e-mailed code; the admin enrols an authenticator on the account page and signs
// in with a code; the audit trail lists each of those steps. Screenshots of the sign-in steps, the
// account, team and audit pages at 375 and 1280 px, top and scrolled, go to artifacts/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as OTPAuth from 'otpauth';
import {
  ADMIN,
  WIDTHS,
  axeFailures,
  login,
  noProblems,
  openPage,
  mailTo,
  shot,
  startForFile,
} from './lib.mjs';

let stack;
let browser;
let base;
startForFile((started) => ({ stack, browser, base } = started));

/**
 * A code for the secret that has not been used yet: the user pool takes each code once, so after
 * one is used the next comes from the following 30-second window.
 */
const usedCodes = new Set();
async function freshCode(secret) {
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });
  for (let i = 0; i < 40; i++) {
    const code = totp.generate();
    if (!usedCodes.has(code)) {
      usedCodes.add(code);
      return code;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('no fresh TOTP code within 40 s');
}

/** The page at each width, at the top and scrolled a screen down, into artifacts/accounts-<name>-<w>[-scrolled].png. */
async function shots(page, name) {
  for (const width of [...WIDTHS].sort((a, b) => b - a)) {
    await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await shot(page, `accounts-${name}-${width}`);
    const scrollable = await page.evaluate(
      () => document.documentElement.scrollHeight > window.innerHeight + 10,
    );
    if (scrollable) {
      // One screen down: the rest of the form or list, not the site's footer.
      await page.evaluate(() => window.scrollTo(0, Math.round(window.innerHeight * 0.75)));
      await page.waitForTimeout(400);
      await shot(page, `accounts-${name}-${width}-scrolled`);
    }
    // Nothing wider than the screen: the page never scrolls sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    assert.ok(overflow <= 1, `${name} at ${width} px scrolls sideways by ${overflow} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Sign in on the login page with a password; the caller takes the next step. */
async function passwordStep(page, email, password) {
  await page.goto(`${base}/creative-login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const stamp = Date.now();
const EDITOR = {
  email: `e2e-editor-${stamp}@example.com`,
  name: 'Eddie Editor',
  password: 'Editor-Chosen-Passw0rd!',
};
const RESET_PASSWORD = 'Editor-Reset-Passw0rd!2';
const POST_TITLE = `E2E Editor Post ${stamp}`;

describe('accounts', () => {
  it(
    'an admin invites an editor, whose first sign-in sets a password; the editor publishes a post and cannot open the leads',
    { timeout: 240_000 },
    async () => {
      const admin = await openPage(browser, 1280);
      await login(admin, base);
      await admin
        .getByRole('navigation', { name: 'Admin' })
        .getByRole('link', { name: 'Team' })
        .click();
      await admin.waitForURL(`${base}/admin/team`);
      const invite = admin.getByRole('form', { name: 'Invite a member' });
      const invitedAt = Date.now() - 1000;
      await invite.getByLabel('E-mail').fill(EDITOR.email);
      await invite.getByLabel('Name').fill(EDITOR.name);
      await invite.getByLabel('Role').selectOption('editor');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await admin
        .getByRole('status')
        .filter({ hasText: `${EDITOR.email} is invited` })
        .waitFor();
      const row = admin.getByRole('row', { name: new RegExp(EDITOR.name) });
      await row.getByText('Invited').waitFor();
      await shots(admin, 'team');

      const mail = await mailTo(stack, EDITOR.email, /invited/i, { after: invitedAt });
      const temporary = /temporary password:\s*([^\s<]+)/i.exec(mail)?.[1];
      assert.ok(temporary, `no temporary password in the invitation: ${mail}`);

      const editor = await openPage(browser, 1280);
      await passwordStep(editor, EDITOR.email, temporary);
      const choose = editor.getByLabel('Choose a password');
      await choose.waitFor();
      await editor.getByText(/This is your first sign-in/).waitFor();
      await choose.fill('short');
      await shots(editor, 'login-new-password');
      await choose.fill(EDITOR.password);
      await editor.getByLabel('Confirm the password').fill(EDITOR.password);
      await editor.getByRole('button', { name: 'Set password and sign in' }).click();
      await editor.waitForURL(`${base}/admin`, { timeout: 15_000 });

      // The navigation offers what an editor may use, and no leads.
      const nav = editor.getByRole('navigation', { name: 'Admin' });
      await nav.getByRole('link', { name: 'Posts' }).waitFor();
      const links = await nav.getByRole('link').allInnerTexts();
      assert.ok(!links.includes('Leads'), `an editor's navigation lists ${links.join(', ')}`);
      assert.ok(!links.includes('Team') && !links.includes('Audit trail'), links.join(', '));
      await editor.getByRole('link', { name: EDITOR.name }).waitFor();

      await nav.getByRole('link', { name: 'Add blog' }).click();
      await editor.waitForURL(`${base}/add-blog`);
      await editor.getByLabel(/^title/i).fill(POST_TITLE);
      await editor.getByLabel(/category/i).selectOption({ index: 1 });
      await editor.getByLabel(/author/i).selectOption({ index: 1 });
      await editor.locator('.ql-editor').click();
      await editor.keyboard.type('Written by an invited editor, typed in the editor.');
      await editor.getByRole('button', { name: 'Publish', exact: true }).click();
      await editor.getByText(/New blog added/).waitFor();
      await editor.waitForURL(`${base}/admin`, { timeout: 10_000 });
      await editor.getByRole('cell', { name: POST_TITLE, exact: true }).waitFor();

      await editor.goto(`${base}/admin/leads`, { waitUntil: 'networkidle' });
      await editor.getByRole('alert').filter({ hasText: 'does not include Leads' }).waitFor();
      assert.equal(await editor.getByRole('table').count(), 0);
      await shot(editor, 'accounts-editor-leads-1280');

      // The post is public.
      const visitor = await openPage(browser, 1280);
      await visitor.goto(`${base}/blog`);
      await visitor.getByRole('heading', { name: POST_TITLE }).first().waitFor();
      await visitor.context().close();

      noProblems(editor);
      await editor.context().close();
      noProblems(admin);
      await admin.context().close();
    },
  );

  it(
    'a forgotten password is reset with the code from the local inbox, and the new one signs in',
    { timeout: 120_000 },
    async () => {
      const page = await openPage(browser, 1280);
      await page.goto(`${base}/creative-login`, { waitUntil: 'networkidle' });
      await shots(page, 'login');
      await page.getByLabel('Email').fill(EDITOR.email);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      assert.equal(await page.getByLabel('Email').inputValue(), EDITOR.email);
      await shots(page, 'forgot');
      const askedAt = Date.now() - 1000;
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByText(/If an account exists for that e-mail/i).waitFor();
      const mail = await mailTo(stack, EDITOR.email, /reset code/i, { after: askedAt });
      const code = /code is\s*(\d+)/i.exec(mail)?.[1];
      assert.ok(code, `no code in the reset e-mail: ${mail}`);
      await page.getByLabel('Code from the e-mail').fill(code);
      await page.getByLabel('New password').fill(RESET_PASSWORD);
      await page.getByLabel('Confirm the password').fill(RESET_PASSWORD);
      await shots(page, 'reset');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByText('Your password was changed. Sign in with the new one.').waitFor();
      assert.equal(await page.getByLabel('Email').inputValue(), EDITOR.email);
      await page.getByLabel('Password', { exact: true }).fill(RESET_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(`${base}/admin`, { timeout: 15_000 });

      // The old password no longer works.
      const res = await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: EDITOR.email, password: EDITOR.password }),
      });
      assert.equal(res.status, 401);
      noProblems(page);
      await page.context().close();
    },
  );

  it(
    'the admin enrols an authenticator on the account page, signs out and signs in with password and code',
    { timeout: 180_000 },
    async () => {
      const page = await openPage(browser, 1280);
      await login(page, base);
      await page.getByRole('link', { name: /your account/i }).click();
      await page.waitForURL(`${base}/admin/account`);
      const part = page.getByRole('region', { name: 'Two-factor sign-in' });
      await part.getByText('Off', { exact: true }).waitFor();
      await shots(page, 'account');
      await part.getByRole('button', { name: 'Set up' }).click();
      await part.getByRole('img', { name: /QR code/ }).waitFor();
      const secret = (await part.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
      assert.match(secret, /^[A-Z2-7]{16,}$/);
      enrolledSecret = secret;
      await shots(page, 'account-enrol');
      await part.getByLabel('Code from your authenticator app').fill(await freshCode(secret));
      await part.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      await part.getByText('On', { exact: true }).waitFor();
      await part.getByRole('status').filter({ hasText: 'Two-factor sign-in is on' }).waitFor();

      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${base}/creative-login`);
      await passwordStep(page, ADMIN.email, ADMIN.password);
      const code = page.getByLabel('Code from your authenticator app');
      await code.waitFor();
      await shots(page, 'login-code');
      // A wrong code is refused in the form, and the step stays.
      await code.fill('000000');
      await page.getByRole('button', { name: 'Verify code' }).click();
      await page.getByRole('alert').waitFor();
      assert.match(page.url(), /\/creative-login$/);
      await code.fill(await freshCode(secret));
      await page.getByRole('button', { name: 'Verify code' }).click();
      // Signed in again, back on the page the admin signed out from.
      await page.waitForURL(`${base}/admin/account`, { timeout: 15_000 });
      await page
        .getByRole('region', { name: 'Two-factor sign-in' })
        .getByText('On', { exact: true })
        .waitFor();
      noProblems(page);
      await page.context().close();
    },
  );

  it(
    'the audit trail lists the invitation, the sign-ins, the reset, the enrolment and the post',
    { timeout: 120_000 },
    async () => {
      assert.ok(enrolledSecret, 'the enrolment step ran first');
      const page = await openPage(browser, 1280);
      await passwordStep(page, ADMIN.email, ADMIN.password);
      await page
        .getByLabel('Code from your authenticator app')
        .fill(await freshCode(enrolledSecret));
      await page.getByRole('button', { name: 'Verify code' }).click();
      await page.waitForURL(`${base}/admin`, { timeout: 15_000 });
      await page
        .getByRole('navigation', { name: 'Admin' })
        .getByRole('link', { name: 'Audit trail' })
        .click();
      await page.waitForURL(`${base}/admin/audit`);
      const table = page.getByRole('table', { name: /audit trail/i });
      await table.waitFor();
      const rows = async () =>
        (await table.getByRole('row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' '));
      const all = await rows();
      const has = (who, action, extra = '') =>
        all.some((r) => r.includes(who) && r.includes(action) && r.includes(extra));
      assert.ok(has(ADMIN.email, 'Member invited', `<${EDITOR.email}>`), all.join('\n'));
      assert.ok(has(EDITOR.email, 'First sign-in (new password)', 'Success'), all.join('\n'));
      assert.ok(has(EDITOR.email, 'Post created', 'Success'), all.join('\n'));
      assert.ok(has(EDITOR.email, 'Password reset', 'Success'), all.join('\n'));
      assert.ok(has(ADMIN.email, 'Two-factor turned on', 'Success'), all.join('\n'));
      assert.ok(has(ADMIN.email, 'Sign-in (code)', 'Failed'), all.join('\n'));
      assert.ok(has(ADMIN.email, 'Sign-in (code)', 'Success'), all.join('\n'));
      // Newest first.
      const times = await table
        .locator('tbody time')
        .evaluateAll((els) => els.map((e) => e.getAttribute('datetime')));
      assert.deepEqual(times, [...times].sort().reverse());
      await shots(page, 'audit');

      // Filtered by who, kept in the address.
      await page.getByLabel('Who').fill(EDITOR.email);
      await page.getByLabel('Who').press('Enter');
      await page.waitForURL(/actor=/);
      await page.waitForFunction(
        (email) =>
          [...document.querySelectorAll('tbody tr')].every((tr) => tr.textContent?.includes(email)),
        EDITOR.email,
      );
      await page.reload({ waitUntil: 'networkidle' });
      assert.equal(await page.getByLabel('Who').inputValue(), EDITOR.email);

      // The new pages meet the same accessibility bar as the rest of the admin.
      const failures = [];
      for (const path of ['/admin/account', '/admin/team', '/admin/audit']) {
        await page.goto(base + path, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).waitFor();
        failures.push(...(await axeFailures(page, path)));
      }
      assert.deepEqual(failures, [], failures.join('\n'));
      noProblems(page);
      await page.context().close();
    },
  );
});

/** The admin's authenticator secret, read off the account page at enrolment. */
let enrolledSecret = '';

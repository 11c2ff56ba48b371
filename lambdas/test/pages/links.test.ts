import { beforeAll, describe, expect, it } from 'vitest';
import type { SitePage } from '@agency/shared';
import type { TestStack } from '../harness';
import { stackForFile } from '../stack-for-file';
import { PAGE_PATHS, seedTestPages, SETTINGS, validBlock } from './fixture';

/**
 * Links that leave the site (issue 32, item 8): a button, a services block link and every header,
 * footer and social link of the settings are checked on the server. A site path is a path of this
 * site, an external link an https: address (mailto: and tel: on buttons); anything else is a 400
 * naming the field, and nothing is stored.
 */

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), {
  signInAdmin: true,
  pagePaths: PAGE_PATHS,
});

beforeAll(async () => {
  await seedTestPages();
});

const dataOf = <T>(json: unknown) => (json as { data: T }).data;
const errorOf = (json: unknown) => json as { error: string; field?: string };

/** Each way a link was turned against the site, and the kinds of field it was tried in. */
const BAD_LINKS = [
  '//evil.example/x',
  '/\\evil.example/x',
  '/.//evil.example/x',
  '/x\u0000y',
  '/x\u200by',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'javascript:alert(1)',
  'http://evil.example/x',
  'https://www.linkedin.com@evil.example/',
];

async function page(path: string): Promise<SitePage> {
  const res = await stack.invoke('getPage', { token, query: { path } });
  expect(res.status, res.body).toBe(200);
  return dataOf<SitePage>(res.json);
}

const save = async (blocks: unknown[]) => {
  const before = await page('/about');
  return stack.invoke('updatePage', {
    token,
    json: {
      path: '/about',
      title: before.title,
      description: before.description,
      breadcrumb: before.breadcrumb,
      blocks,
      version: before.version,
    },
  });
};

describe('a page', () => {
  it.each(BAD_LINKS)('refuses a button to %j with 400 at the button’s address', async (href) => {
    const res = await save([{ ...validBlock('cta', 'c1'), action: { label: 'Go', href } }]);
    expect(res.status, res.body).toBe(400);
    expect(errorOf(res.json).field).toBe('blocks.0.action.href');
  });

  it.each(BAD_LINKS)('refuses a services block link to %j', async (href) => {
    const block = validBlock('serviceBlocks', 's1') as { items: Record<string, unknown>[] };
    const item = {
      ...block.items[0],
      links: [
        { label: 'More', href: '/seo' },
        { label: 'X', href },
      ],
    };
    const res = await save([{ ...block, items: [item] }]);
    expect(res.status, res.body).toBe(400);
    expect(errorOf(res.json).field).toBe('blocks.0.items.0.links.1.href');
  });

  it('keeps what it refused out of the draft, and takes site paths, https:, mailto: and tel:', async () => {
    const before = await page('/about');
    await save([{ ...validBlock('cta', 'c1'), action: { label: 'Go', href: '//evil.example/x' } }]);
    expect((await page('/about')).version).toBe(before.version);
    for (const href of [
      '/contact-us#form',
      'https://www.example.com/x',
      'mailto:hello@example.com',
      'tel:+914412345678',
    ]) {
      const res = await save([{ ...validBlock('cta', 'c1'), action: { label: 'Go', href } }]);
      expect(res.status, `${href}: ${res.body}`).toBe(200);
    }
  });
});

describe('the site settings', () => {
  const spoil = (field: string, href: string) => {
    const settings = structuredClone(SETTINGS) as unknown as Record<string, unknown>;
    const keys = field.split('.');
    let at = settings;
    for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
    at[keys.at(-1) ?? ''] = href;
    return settings;
  };

  it.each([
    'social.0.href',
    'navBefore.0.href',
    'navAfter.0.href',
    'serviceGroups.0.links.0.href',
    'quickLinks.0.href',
  ])('refuses every bad link at %s with 400 naming it', async (field) => {
    const got = await stack.invoke('getSiteSettings', { token });
    expect(got.status, got.body).toBe(200);
    const { version } = dataOf<{ version: number }>(got.json);
    for (const href of [...BAD_LINKS, ...(field.startsWith('social') ? ['/about'] : [])]) {
      const res = await stack.invoke('updateSiteSettings', {
        token,
        json: { settings: spoil(field, href), version },
      });
      expect(res.status, `${href}: ${res.body}`).toBe(400);
      expect(errorOf(res.json).field, href).toBe(`settings.${field}`);
    }
    const after = await stack.invoke('getSiteSettings', { token });
    expect(dataOf<{ version: number }>(after.json).version).toBe(version);
  });
});

describe('content saved before the link rules', () => {
  it('still opens in the admin and publishes, its refused links read as safe addresses', async () => {
    const { dynamoClient } = await import('../../src/platform/aws/clients');
    const { tableName } = await import('../../src/platform/env');
    const { GetCommand, PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const client = dynamoClient();
    const table = tableName('content');
    // Written as an earlier release stored them, past today's schemas.
    const settingsKey = { pk: 'SETTINGS', sk: 'SETTINGS' };
    const settings = (await client.send(new GetCommand({ TableName: table, Key: settingsKey })))
      .Item as Record<string, { social: { href: string }[]; navBefore: { href: string }[] }>;
    const spoiled = structuredClone(settings);
    const social = spoiled.settings?.social[0];
    const nav = spoiled.settings?.navBefore[0];
    if (!social || !nav) throw new Error('the seeded settings have no social or header link');
    social.href = 'http://www.linkedin.com/company/agency';
    nav.href = '//evil.example/x';
    await client.send(new PutCommand({ TableName: table, Item: spoiled }));
    const pageKey = { pk: 'PAGE#/about', sk: 'PAGE' };
    const about = (await client.send(new GetCommand({ TableName: table, Key: pageKey }))).Item as {
      content: { blocks: Record<string, unknown>[] };
    };
    about.content.blocks = [
      { ...validBlock('cta', 'old'), action: { label: 'Old', href: 'data:text/html,x' } },
    ];
    await client.send(new PutCommand({ TableName: table, Item: about }));

    const got = await stack.invoke('getSiteSettings', { token });
    expect(got.status, got.body).toBe(200);
    const read = dataOf<{ settings: typeof SETTINGS }>(got.json).settings;
    expect(read.social[0]?.href).toBe('https://www.linkedin.com/company/agency');
    expect(read.navBefore[0]?.href).toBe('/');

    const opened = await page('/about');
    const block = opened.blocks[0] as { action?: { href: string } };
    expect(block.action?.href).toBe('/');
    const published = await stack.invoke('publishPage', {
      token,
      json: { path: '/about', version: opened.version },
    });
    expect(published.status, published.body).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { errorBody, MEDIA_LIMITS, POST_LIMITS } from '@agency/shared';
import type { TestResponse, TestStack } from './harness';
import { stackForFile } from './stack-for-file';
import { enrol, newMember, signIn, wrongCode } from './accounts/support';
import { PNG_1PX } from './support/images';

let stack: TestStack;
let token = '';
stackForFile((started) => ({ stack, token } = started), { signInAdmin: true });

/**
 * The error body as sent: the spec's `error` sentence unchanged, and beside it the `field` it
 * concerns and its `code`, nothing else (checked strictly against the contract's schema).
 */
function refusal(res: TestResponse) {
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = errorBody.strict().parse(res.json);
  expect(Object.keys(body)).toEqual(
    ['error', 'field', 'code'].filter((k) => k in (res.json as object)),
  );
  return { status: res.status, body: res.json };
}

describe('error bodies: { error, field, code }', () => {
  it('a wrong current password: the same sentence, field current_password, code wrong-password', async () => {
    const member = await newMember(stack);
    const { token: memberToken } = await signIn(stack, member);
    const res = await stack.invoke('changePassword', {
      token: memberToken,
      json: { current_password: 'Not-Current-Passw0rd!', new_password: 'Changed-Passw0rd!2025' },
    });
    expect(refusal(res)).toEqual({
      status: 400,
      body: {
        error: 'current_password: is not your current password.',
        field: 'current_password',
        code: 'wrong-password',
      },
    });
  });

  it('a wrong TOTP code and a code of the wrong form: field code, codes wrong-code and invalid', async () => {
    const member = await newMember(stack);
    const { token: memberToken } = await signIn(stack, member);
    const setup = await stack.invoke('setupMfa', { token: memberToken });
    const { secret } = (setup.json as { data: { secret: string } }).data;
    const wrong = await stack.invoke('verifyMfa', {
      token: memberToken,
      json: { code: wrongCode(secret) },
    });
    expect(refusal(wrong)).toEqual({
      status: 400,
      body: {
        error: 'code: is not right. Check the time on your phone and try the next code.',
        field: 'code',
        code: 'wrong-code',
      },
    });
    const short = await stack.invoke('verifyMfa', { token: memberToken, json: { code: '12345' } });
    expect(refusal(short)).toEqual({
      status: 400,
      body: { error: 'code: must be the 6 digits your app shows', field: 'code', code: 'invalid' },
    });
  });

  it('a wrong code at sign-in names no field of the request it can show (401, code wrong-code)', async () => {
    const member = await newMember(stack);
    const { token: memberToken } = await signIn(stack, member);
    const secret = await enrol(stack, memberToken);
    const step = await stack.invoke('login', { json: member });
    const { session } = (step.json as { data: { session: string } }).data;
    const res = await stack.invoke('loginMfa', { json: { session, code: wrongCode(secret) } });
    expect(refusal(res)).toEqual({
      status: 401,
      body: { error: 'That code is not right.', code: 'wrong-code' },
    });
  });

  it('a bad slug, a missing title, a slug taken: field slug or title with invalid, required, taken', async () => {
    const create = (fields: Record<string, string>) =>
      stack.invoke('createPost', { token, multipart: { content: '<p>Body</p>', ...fields } });
    const bad = await create({ title: 'Bad slug', slug: 'Not A Slug!' });
    expect(refusal(bad)).toMatchObject({ status: 400, body: { field: 'slug', code: 'invalid' } });
    expect((bad.json as { error: string }).error).toMatch(/^slug: /);
    expect(refusal(await create({ slug: 'no-title' }))).toEqual({
      status: 400,
      body: { error: 'title: is required', field: 'title', code: 'required' },
    });
    expect((await create({ title: 'Taken', slug: 'error-body-taken' })).status).toBe(201);
    expect(refusal(await create({ title: 'Taken', slug: 'error-body-taken' }))).toEqual({
      status: 409,
      body: { error: 'slug: is already taken', field: 'slug', code: 'taken' },
    });
  });

  it('a too-large upload: the banner of the spec (field banner_image) and the media library (field file, the name kept in the sentence)', async () => {
    const banner = await stack.invoke('createPost', {
      token,
      multipart: {
        title: 'Big banner',
        slug: 'big-banner-error',
        content: '<p>Body</p>',
        banner_image: new File(
          [Buffer.concat([PNG_1PX, Buffer.alloc(POST_LIMITS.bannerMaxBytes)])],
          'big.png',
          { type: 'image/png' },
        ),
      },
    });
    expect(refusal(banner)).toEqual({
      status: 413,
      body: {
        error: `banner_image: must be at most ${POST_LIMITS.bannerMaxBytes / 1024 / 1024} MB`,
        field: 'banner_image',
        code: 'too-large',
      },
    });
    const upload = await stack.invoke('createUpload', {
      token,
      json: { filename: 'huge.jpg', content_type: 'image/jpeg', size: MEDIA_LIMITS.maxBytes + 1 },
    });
    expect(refusal(upload)).toEqual({
      status: 413,
      body: { error: 'file huge.jpg: must be at most 20 MB', field: 'file', code: 'too-large' },
    });
  });

  it('refusals without a field: not found, not signed in (code only)', async () => {
    expect(refusal(await stack.invoke('getPost', { json: { slug: 'no-such-post' } }))).toEqual({
      status: 404,
      body: { error: 'The post was not found.', code: 'not-found' },
    });
    const anonymous = await stack.invoke('listLeads', { query: { page: 1 } });
    expect(anonymous.status).toBe(401);
    expect(refusal(anonymous).body).toMatchObject({ code: 'unauthenticated' });
  });
});

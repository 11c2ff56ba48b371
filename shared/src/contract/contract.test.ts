import { describe, expect, it } from 'vitest';
import {
  buildPath,
  contract,
  ERROR_CODES,
  errorBody,
  handlerModule,
  matchOperation,
  operationNames,
} from './index';

describe('contract', () => {
  it('has one unique method+path per operation', () => {
    const keys = operationNames.map((n) => `${contract[n].method} ${contract[n].path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
  it('matches concrete paths to operations with their parameters', () => {
    expect(matchOperation('GET', '/api/extension-image/pdf')).toEqual({
      name: 'getExtensionImage',
      params: { extension: 'pdf' },
    });
    expect(matchOperation('PUT', '/api/user/post/increase-view')).toEqual({
      name: 'increaseView',
      params: {},
    });
    expect(matchOperation('GET', '/api/lead')).toEqual({ name: null, allowed: ['POST'] });
    expect(matchOperation('GET', '/api/nope')).toEqual({ name: null, allowed: [] });
  });
  it('tells the calls on the category and author paths apart by method', () => {
    expect(
      ['GET', 'POST', 'PUT', 'DELETE'].map((m) => matchOperation(m, '/api/user/category')),
    ).toEqual(
      ['listCategories', 'createCategory', 'renameCategory', 'deleteCategory'].map((name) => ({
        name,
        params: {},
      })),
    );
    expect(matchOperation('PATCH', '/api/user/author')).toEqual({
      name: null,
      allowed: ['GET', 'POST', 'PUT', 'DELETE'],
    });
  });
  it('trims category and author names, makes inner white space one space, and limits them', () => {
    const body = contract.createCategory.request.body;
    expect(body.parse({ category: '  Web \t\n Design ' })).toEqual({ category: 'Web Design' });
    expect(body.safeParse({ category: 'x'.repeat(60) }).success).toBe(true);
    expect(body.safeParse({ category: 'x'.repeat(61) }).error?.issues[0]?.message).toBe(
      'must be at most 60 characters',
    );
    expect(body.safeParse({ category: ' ' }).error?.issues[0]?.message).toBe('is required');
    expect(body.safeParse({ category: 'a\u0007b' }).success).toBe(false);
  });
  it('builds paths with parameters and query', () => {
    expect(buildPath('getExtensionImage', { extension: 'docx' })).toBe('/api/extension-image/docx');
    expect(buildPath('listPosts', {}, { page: 2 })).toBe('/api/user/post/list?page=2');
  });
  it('names handler modules by module and kebab-case operation', () => {
    expect(handlerModule('createPost')).toBe('modules/posts/handlers/create-post');
    expect(handlerModule('listCategories')).toBe('modules/taxonomy/handlers/list-categories');
  });
  it('rejects a lead with a bad subject naming the field', () => {
    const r = contract.createLead.request.body.safeParse({
      name: 'a',
      phone: '123456',
      email: 'a@b.co',
      subject: 'x',
      message: 'm',
      altcha: 'x',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['subject']);
  });
});

describe('errorBody', () => {
  it("reads the spec's { error } alone, and the field and code beside it", () => {
    expect(errorBody.parse({ error: 'slug: is already taken' })).toEqual({
      error: 'slug: is already taken',
    });
    expect(
      errorBody.parse({ error: 'slug: is already taken', field: 'slug', code: 'taken' }),
    ).toEqual({ error: 'slug: is already taken', field: 'slug', code: 'taken' });
    expect(errorBody.safeParse({ message: 'Unauthorized' }).success).toBe(false);
  });
  it('reads a code it does not know (a newer server) as none, keeping the sentence', () => {
    expect(errorBody.parse({ error: 'x', code: 'some-new-code' })).toEqual({ error: 'x' });
  });
  it('has a small vocabulary of distinct kebab-case codes', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(ERROR_CODES.length).toBeLessThanOrEqual(24);
  });
});

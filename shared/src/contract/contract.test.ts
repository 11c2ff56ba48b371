import { describe, expect, it } from 'vitest';
import { buildPath, contract, handlerModule, matchOperation, operationNames } from './index';

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
  it('builds paths with parameters and query', () => {
    expect(buildPath('getExtensionImage', { extension: 'docx' })).toBe('/api/extension-image/docx');
    expect(buildPath('listPosts', {}, { page: 2 })).toBe('/api/user/post/list?page=2');
  });
  it('names handler modules by resource and kebab-case operation', () => {
    expect(handlerModule('createPost')).toBe('handlers/post/create-post');
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

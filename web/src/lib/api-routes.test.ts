import { describe, expect, it } from 'vitest';
import { buildPath, contract, operationNames } from '@agency/shared';
import { apiRoutes, apiUrl } from './api-routes';

describe('API routes compiled into the app', () => {
  it("are the contract's method and path of every operation", () => {
    for (const name of operationNames)
      expect(apiRoutes[name], name).toEqual({
        method: contract[name].method,
        path: contract[name].path,
      });
  });

  it('address an operation as callApi does', () => {
    expect(apiUrl('increaseView')).toBe(buildPath('increaseView'));
    expect(apiUrl('getExtensionImage', { extension: 'a b' })).toBe(
      buildPath('getExtensionImage', { extension: 'a b' }),
    );
    expect(apiUrl('listPosts', {}, { page: 2 })).toBe(buildPath('listPosts', {}, { page: 2 }));
  });
});

import { describe, expect, it } from 'vitest';
import { buildPath, contract, openOperationNames, operationNames } from '@agency/shared';
import { apiRoutes, apiUrl } from './api-routes';

describe('API routes compiled into the app', () => {
  it("are the contract's method and path of every operation anyone may call, and of no staff one", () => {
    for (const name of openOperationNames)
      expect(apiRoutes[name], name).toEqual({
        method: contract[name].method,
        path: contract[name].path,
      });
    expect(openOperationNames).toEqual(expect.arrayContaining(['increaseView', 'createLead']));
    const staff = operationNames.filter((name) => contract[name].auth === 'admin');
    expect(staff).toEqual(expect.arrayContaining(['listLeads', 'listTeam', 'createPost']));
    expect(Object.keys(apiRoutes).filter((name) => staff.includes(name as never))).toEqual([]);
  });

  it('address an operation as callApi does', () => {
    expect(apiUrl('increaseView')).toBe(buildPath('increaseView'));
    expect(apiUrl('getExtensionImage', { extension: 'a b' })).toBe(
      buildPath('getExtensionImage', { extension: 'a b' }),
    );
    expect(apiUrl('listPosts', {}, { page: 2 })).toBe(buildPath('listPosts', {}, { page: 2 }));
  });
});

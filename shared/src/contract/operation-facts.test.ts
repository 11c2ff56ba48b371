import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { auditFacts, groupsAllowed } from '../access';
import { contract, operationNames } from './index';
import { defineOperations, type Operation } from './operation';

const base = {
  module: 'posts',
  path: '/api/user/test',
  summary: 'A test operation.',
  request: { encodings: [] },
  status: 200,
  kind: 'json',
  errors: [],
} as const;

describe('the facts each operation carries in the contract', () => {
  it('makes a staff operation without `access`, or a staff write without `audit`, a type error', () => {
    const ops = defineOperations({
      fine: {
        ...base,
        method: 'POST',
        auth: 'admin',
        access: 'staff',
        audit: false,
        throttle: 'staff',
      },
      read: { ...base, method: 'GET', auth: 'admin', access: 'admins', throttle: 'staff' },
      // @ts-expect-error a staff operation needs `access`
      noAccess: { ...base, method: 'GET', auth: 'admin', throttle: 'staff' },
      // @ts-expect-error a staff write needs `audit`: its facts, or false
      noAudit: { ...base, method: 'PUT', auth: 'admin', access: 'staff', throttle: 'staff' },
      // @ts-expect-error a public operation with a staff view needs `access`
      view: { ...base, method: 'GET', auth: 'public', adminView: true, throttle: 'public-read' },
      open: { ...base, method: 'GET', auth: 'public', throttle: 'public-read' },
    });
    expect(Object.keys(ops)).toHaveLength(6);
  });

  it('gives every staff operation its groups, and every staff write its audit decision', () => {
    for (const name of operationNames) {
      const op: Operation = contract[name];
      if (op.auth === 'admin' || op.adminView)
        expect(groupsAllowed(name).length, name).toBeGreaterThan(0);
      else expect(groupsAllowed(name), name).toEqual([]);
      if (op.auth === 'admin' && op.method !== 'GET') expect(op.audit, name).toBeDefined();
    }
  });

  it('names every audited action in words, and what it acted on in a field the call has', () => {
    for (const name of operationNames) {
      const facts = auditFacts(name);
      if (!facts) continue;
      expect(facts.label.length, name).toBeGreaterThan(3);
      const target = facts.target;
      if (!target || target.noun === 'site settings') continue;
      const op: Operation = contract[name];
      const fields = [op.request.body, op.request.query, op.request.params].flatMap((s) =>
        s ? Object.keys(s.shape) : [],
      );
      // The key is a request field, or (a create) a field of the reply's `data`.
      const data: unknown = op.response && 'shape' in op.response ? op.response.shape : undefined;
      const replyData =
        data && typeof data === 'object' && 'data' in data ? (data.data as z.ZodType) : undefined;
      const replyFields =
        replyData && 'shape' in replyData && replyData.shape && typeof replyData.shape === 'object'
          ? Object.keys(replyData.shape)
          : [];
      expect([...fields, ...replyFields], `${name}: ${target.key}`).toContain(target.key);
    }
  });

  it('puts every operation in a throttle class, the staff ones in `staff`', () => {
    for (const name of operationNames) {
      const op: Operation = contract[name];
      if (op.auth === 'admin') expect(op.throttle, name).toBe('staff');
      else expect(op.throttle, name).not.toBe('staff');
    }
  });
});

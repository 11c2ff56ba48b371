import { lead as leadSchema, type Lead } from '@agency/shared';

let seq = 0;

/** A stored lead with every field the schema defaults (status new, source direct), then `fields`. */
export function leadOf(fields: Partial<Lead> = {}): Lead {
  seq += 1;
  return leadSchema.parse({
    id: `L${String(seq).padStart(6, '0')}`,
    created_at: '2030-03-06T10:00:00.000Z',
    name: `Visitor ${seq}`,
    phone: '+1 312 555 0100',
    email: `v${seq}@example.com`,
    subject: 'SEO',
    message: 'Hello',
    page: null,
    email_status: 'pending',
    email_attempts: 0,
    ...fields,
  });
}

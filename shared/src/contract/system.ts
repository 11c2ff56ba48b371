import * as z from 'zod';
import { defineOperations } from './operation';

export const systemOperations = defineOperations({
  getHealth: {
    module: 'system',
    method: 'GET',
    path: '/api/health',
    auth: 'public',
    throttle: 'public-read',
    summary: 'Liveness.',
    request: { encodings: [] },
    status: 200,
    kind: 'json',
    response: z.object({ ok: z.literal(true) }),
    errors: [],
  },
  getExtensionImage: {
    module: 'system',
    method: 'GET',
    path: '/api/extension-image/{extension}',
    auth: 'public',
    throttle: 'public-read',
    summary: 'An SVG icon for a file extension ("default" and unknown ones get the generic icon).',
    request: {
      encodings: [],
      params: z.object({
        extension: z
          .string()
          .trim()
          .toLowerCase()
          .min(1, 'is required')
          .max(16, 'is too long')
          .regex(/^[a-z0-9]+$/, 'may hold only letters and digits'),
      }),
    },
    status: 200,
    kind: 'svg',
    errors: [400],
  },
});

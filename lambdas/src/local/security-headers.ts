/** Third-party services the site may be configured with (all off by default). */
export interface ThirdParties {
  googleMapsKey?: string;
  chatWidgetUrl?: string;
  conversionPixelUrl?: string;
}

const originOf = (value: string | undefined): string | null => {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
};

/**
 * The Content-Security-Policy CloudFront sends: no inline scripts; inline styles allowed (the rich
 * text editor and React style props need them); the ALTCHA worker runs from a blob. Hosts of the
 * optional third-party services are added only when they are configured.
 */
export function contentSecurityPolicy(third: ThirdParties = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'worker-src': ["'self'", 'blob:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const add = (name: string, ...sources: string[]) => {
    const list = (directives[name] ?? []).filter((s) => s !== "'none'");
    directives[name] = [...new Set([...list, ...sources])];
  };
  if (third.googleMapsKey) {
    add('script-src', 'https://maps.googleapis.com', 'https://maps.gstatic.com');
    add(
      'img-src',
      'https://maps.googleapis.com',
      'https://maps.gstatic.com',
      'https://*.googleapis.com',
      'https://*.ggpht.com',
    );
    add('connect-src', 'https://maps.googleapis.com');
    add('frame-src', 'https://www.google.com', 'https://maps.google.com');
  }
  const chat = originOf(third.chatWidgetUrl);
  if (chat) {
    add('script-src', chat);
    add('connect-src', chat, chat.replace(/^http/, 'ws'));
    add('frame-src', chat);
    add('img-src', chat);
  }
  const pixel = originOf(third.conversionPixelUrl);
  if (pixel) add('img-src', pixel);
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Headers of CloudFront's response-headers policy, sent on every response. */
export function securityHeaders(third: ThirdParties = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(third),
    'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'cross-origin-opener-policy': 'same-origin',
  };
}

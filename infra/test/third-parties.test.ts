import { describe, expect, it } from 'vitest';
import { fakeWebBuild, SYNTH_TIMEOUT_MS, synthStage } from './synth';

describe('third-party services in the Content-Security-Policy', () => {
  it(
    'allows exactly the services the web build recorded in its site pages',
    () => {
      const web = fakeWebBuild();
      const chat = 'https://chat.example.net/widget.js';
      const { template } = synthStage('dev', {
        web: { ...web, pages: { ...web.pages, thirdParties: { chatWidgetUrl: chat } } },
      });
      const policies = JSON.stringify(
        template.findResources('AWS::CloudFront::ResponseHeadersPolicy'),
      );
      expect(policies).toMatch(/script-src 'self' https:\/\/chat\.example\.net/);
      expect(policies).not.toContain('maps.googleapis.com');
    },
    SYNTH_TIMEOUT_MS,
  );
});

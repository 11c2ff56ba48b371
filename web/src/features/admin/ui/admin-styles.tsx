import adminCss from './admin.css?inline';

/**
 * The admin area's stylesheet, shipped with the admin chunks rather than in the public site's CSS
 * that every visitor downloads; React hoists it into the head once (CSP allows inline styles).
 */
export function AdminStyles() {
  return (
    <style href="agency-admin" precedence="default">
      {adminCss}
    </style>
  );
}

/**
 * The page URL as it may be shown to the AI: no userinfo, query or fragment (a token a redirect
 * put there must not leak). Schemes without a meaningful path keep only the scheme.
 */
export function redactUrl(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return '';
  }
  switch (url.protocol) {
    case 'http:':
    case 'https:':
    case 'ws:':
    case 'wss:':
    case 'file:':
      return `${url.protocol}//${url.host}${url.pathname}`;
    case 'about:':
      return `about:${url.pathname}`;
    default:
      // data:, blob:, javascript: … carry their payload in the "path".
      return url.protocol;
  }
}

// The renderer's Content Security Policy, the same in Electron (custom protocol responses) and on the bridge
// (HTTP responses): only the app's own scripts and styles, no eval, no plugins, no frames, no forms; images
// and video frames from blob:/data: (screenshots, decoded frames); connections to the app origin only.
export function contentSecurityPolicy(options: { connect?: readonly string[] } = {}): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    `connect-src ${["'self'", ...(options.connect ?? [])].join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppDeps } from './deps.ts';
import { findEngine } from './services/engines.ts';

/**
 * The content policy of every page: scripts only from this origin (the built app has no inline
 * script), styles also inline (react-aria positions overlays with style attributes), nothing framed
 * or posted elsewhere, and no framing of our pages except the agency embed and the sandbox's ACuotaz page below.
 */
const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const common = {
  referrerPolicy: 'strict-origin-when-cross-origin',
  xContentTypeOptions: 'nosniff',
  // Sent only over https (below): over plain http a browser ignores it, and local runs use http.
  strictTransportSecurity: false,
} as const;

const everywhere = secureHeaders({ ...common, contentSecurityPolicy, xFrameOptions: 'DENY' });

/** Niubiz's checkout.js, the form it frames and what that form loads: its hosts, only where Niubiz is configured. */
const NIUBIZ_SOURCES = ['https://*.vnforapps.com', 'https://*.vnforappstest.com'];
const withNiubiz = secureHeaders({
  ...common,
  contentSecurityPolicy: {
    ...contentSecurityPolicy,
    scriptSrc: [...contentSecurityPolicy.scriptSrc, ...NIUBIZ_SOURCES],
    styleSrc: [...contentSecurityPolicy.styleSrc, ...NIUBIZ_SOURCES],
    imgSrc: [...contentSecurityPolicy.imgSrc, ...NIUBIZ_SOURCES],
    connectSrc: [...contentSecurityPolicy.connectSrc, ...NIUBIZ_SOURCES],
    frameSrc: ["'self'", ...NIUBIZ_SOURCES],
  },
  xFrameOptions: 'DENY',
});

/** The embeddable search form (/vuelos/iframe/:accountId) may be framed by the agency's own sites only. */
const EMBED_PATH = /^\/vuelos\/iframe\/([^/?#]+)/;

/** An agency's registered origins: those of the links its channel is configured with. */
async function registeredOrigins(deps: AppDeps, accountId: string): Promise<string[]> {
  const engine = await findEngine(deps, accountId).catch(() => null);
  const origins = (engine?.links ?? []).flatMap((link) => {
    try {
      const url = new URL(link.value);
      return url.protocol === 'https:' ? [url.origin] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

/** The sandbox's ACuotaz page is framed by the booking's own payment tab (same origin), by nothing else. */
const SAME_ORIGIN_FRAMED_PATH = /^\/sandbox\/acuotaz\//;
const framedBySelf = secureHeaders({ ...common, contentSecurityPolicy: { ...contentSecurityPolicy, frameAncestors: ["'self'"] }, xFrameOptions: 'SAMEORIGIN' });

/**
 * The built scripts and style sheets are subresources, never documents: a content policy, framing and
 * referrer rules do nothing on them, and cost every first load ~0.5 KB of headers per file (issue 15: some
 * 25–50 files a page). They keep what applies to a script or style sheet: no sniffing, same-origin loads.
 */
const SUBRESOURCE_PATH = /^\/vuelos\/assets\/[^/]+\.(?:js|css)$/;
const subresource = secureHeaders({
  crossOriginResourcePolicy: 'same-origin',
  xContentTypeOptions: 'nosniff',
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

const isHttps = (url: string, forwardedProto: string | undefined) => url.startsWith('https:') || forwardedProto?.split(',')[0]?.trim() === 'https';

/**
 * Security headers on every answer (pages, assets, API, provider pages), HSTS over https, and
 * `Cache-Control: no-store` on API answers unless a route chose its own caching: they carry
 * travellers' data.
 */
export function securityHeaders(deps: AppDeps): MiddlewareHandler {
  return async (c, next) => {
    const embed = EMBED_PATH.exec(c.req.path);
    if (embed) {
      const origins = await registeredOrigins(deps, decodeURIComponent(embed[1]!));
      const frameAncestors = origins.length > 0 ? origins : ["'none'"];
      await secureHeaders({ ...common, contentSecurityPolicy: { ...contentSecurityPolicy, frameAncestors }, xFrameOptions: false })(c, next);
    } else if (SUBRESOURCE_PATH.test(c.req.path)) {
      await subresource(c, next);
    } else if (SAME_ORIGIN_FRAMED_PATH.test(c.req.path)) {
      await framedBySelf(c, next);
    } else {
      await (deps.niubiz ? withNiubiz : everywhere)(c, next);
    }
    if (isHttps(c.req.url, c.req.header('x-forwarded-proto'))) c.res.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (c.req.path.startsWith('/api/') && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}

import { createRoute } from '@hono/zod-openapi';
import { guard } from '../access/policy.ts';
import {
  getSessionQuerySchema,
  getSessionResponseSchema,
  saveSessionQuerySchema,
  saveSessionResponseSchema,
  SESSION_KEY_HEADER,
  sessionKeyHeadersSchema,
} from '../../contract/session.ts';
import { saveSessionBodySchema } from '../../contract/session-store.ts';
import { setCheckoutCookie } from '../checkout-page.ts';
import { createRouter, errorResponse } from '../http.ts';
import { isBookingInProgress } from '../services/booking.ts';
import { createSession, readSession, updateSession } from '../services/sessions.ts';

const saveRoute = createRoute({
  method: 'post',
  path: '/sessions/save',
  middleware: guard({ kind: 'sessionOwner', creationIsPublic: true, session: (input) => input.query.id ?? null }),
  tags: ['sessions'],
  summary:
    'Create a session (no id; the answer carries its owner key, sessionKey) or merge the browser’s parts into a live one (?id=, with the owner key in X-Session-Key); server-owned parts are refused',
  request: {
    query: saveSessionQuerySchema,
    headers: sessionKeyHeadersSchema,
    body: { required: true, content: { 'application/json': { schema: saveSessionBodySchema } } },
  },
  responses: {
    200: { description: 'Saved', content: { 'application/json': { schema: saveSessionResponseSchema } } },
    400: errorResponse('Invalid body or id'),
    403: errorResponse('A save to an existing session without its owner key (SESSION_KEY_REQUIRED); nothing is stored'),
    404: errorResponse('Unknown session'),
    410: errorResponse('Session expired'),
    429: errorResponse('Too many new sessions from this client (Retry-After)'),
  },
});

const readRoute = createRoute({
  method: 'get',
  path: '/sessions',
  middleware: guard({ kind: 'sessionOwner', grantOpens: true, session: (input) => input.query.id ?? null }),
  tags: ['sessions'],
  summary: 'Read a live session: personal data in full with its owner key (X-Session-Key), masked without it',
  request: { query: getSessionQuerySchema, headers: sessionKeyHeadersSchema },
  responses: {
    200: { description: 'The session (personalData: full or masked)', content: { 'application/json': { schema: getSessionResponseSchema } } },
    400: errorResponse('Malformed id'),
    404: errorResponse('Unknown session'),
    410: errorResponse('Session expired (idle 30 minutes, or past its lifetime)'),
    429: errorResponse('Too many reads from this client (Retry-After)'),
  },
});

export const sessionRoutes = createRouter()
  .openapi(saveRoute, async (c) => {
    const { id } = c.req.valid('query');
    const data = c.req.valid('json');
    const deps = c.var.deps;
    if (id) {
      await updateSession(deps, id, data, c.req.valid('header')[SESSION_KEY_HEADER]);
      return c.json({ status: 200 as const, sessionID: id }, 200);
    }
    const created = await createSession(deps, data);
    setCheckoutCookie(c, deps, created);
    return c.json({ status: 200 as const, sessionID: created.id, sessionKey: created.ownerKey }, 200);
  })
  .openapi(readRoute, async (c) => {
    const { session, personalData } = await readSession(c.var.deps, c.req.valid('query').id, c.req.valid('header')[SESSION_KEY_HEADER]);
    const inProgress = await isBookingInProgress(c.var.deps, session.sessionID);
    return c.json({ status: 200 as const, personalData, data: inProgress ? { ...session, bookingInProgress: true } : session }, 200);
  });

import { createRoute } from '@hono/zod-openapi';
import {
  getSessionQuerySchema,
  getSessionResponseSchema,
  saveSessionQuerySchema,
  saveSessionResponseSchema,
  saveSessionBodySchema,
} from '../../contract/session.ts';
import { createRouter, errorResponse } from '../http.ts';
import { createSession, readSession, updateSession } from '../services/sessions.ts';

const saveRoute = createRoute({
  method: 'post',
  path: '/sessions/save',
  tags: ['sessions'],
  summary: 'Create a session (no id) or merge the browser’s parts into a live one (?id=); server-owned parts are refused',
  request: {
    query: saveSessionQuerySchema,
    body: { required: true, content: { 'application/json': { schema: saveSessionBodySchema } } },
  },
  responses: {
    200: { description: 'Saved', content: { 'application/json': { schema: saveSessionResponseSchema } } },
    400: errorResponse('Invalid body or id'),
    404: errorResponse('Unknown session'),
    410: errorResponse('Session expired'),
    429: errorResponse('Too many new sessions from this client (Retry-After)'),
  },
});

const readRoute = createRoute({
  method: 'get',
  path: '/sessions',
  tags: ['sessions'],
  summary: 'Read a live session',
  request: { query: getSessionQuerySchema },
  responses: {
    200: { description: 'The session', content: { 'application/json': { schema: getSessionResponseSchema } } },
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
      await updateSession(deps, id, data);
      return c.json({ status: 200 as const, sessionID: id }, 200);
    }
    return c.json({ status: 200 as const, sessionID: await createSession(deps, data) }, 200);
  })
  .openapi(readRoute, async (c) => {
    const data = await readSession(c.var.deps, c.req.valid('query').id);
    return c.json({ status: 200 as const, data }, 200);
  });

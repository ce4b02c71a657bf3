import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { renderMarkdown } from './sanitize.js';

/**
 * `POST admin/dashboard-content/preview`: the editor's live preview, rendered and sanitized by
 * the same function that renders what members see, so the preview cannot promise more than
 * the dashboard shows. Nothing is stored. A text that could not be saved is refused the same
 * way (400, `fields.markdown`), so the editor shows why before Save.
 */
export const contentPreviewRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/dashboard-content/preview',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Render dashboard markdown to the sanitized HTML members would see (not saved)',
        security: [{ bearer: [] }],
        body: z.object({ markdown: z.string().max(200_000) }),
        response: { 200: successSchema(z.object({ html: z.string() })), '4xx': failureSchema },
      },
    },
    async (request) => ok({ html: renderMarkdown(request.body.markdown) }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BREEDING_MESSAGES,
  BREEDING_SEASON_MIN,
  adminBreedingReportSchema,
  breedingFitSchema,
  breedingFitsQuerySchema,
  breedingReportListQuerySchema,
  breedingReportSchema,
  breedingReportSummarySchema,
  fileBreedingReportSchema,
  horseBreedingSchema,
  pageSchema,
  reviewBreedingReportSchema,
  stallionBreedingReportsSchema,
} from '@registry/domain';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../auth/index.js';
import { answersOf, ok } from '../../reply.js';
import { adminRoute } from '../../route-options.js';
import { reviewedVersion } from '../../reviewed-version.js';
import { adminReport, horseBreeding, listReports, reviewReport } from './admin.js';
import { findFits } from './fits.js';
import { fileReport, stallionReports } from './service.js';

const security = [{ bearer: [] }];
const horseId = z.object({ id: z.string().max(64) });
const seasonParams = horseId.extend({
  season: z.coerce.number().int().min(BREEDING_SEASON_MIN).max(3000),
});

/** Stallion breeding reports and the foal form's fits (docs/api.md "Breeding reports"). */
export const breedingRoutes: FastifyPluginAsyncZod<{ db: Db; associationName: string }> = async (
  app,
  { db, associationName },
) => {
  app.get(
    '/members/horses/:id/breeding-reports',
    {
      config: { access: 'member' },
      schema: {
        tags: ['breeding reports'],
        summary: "An approved stallion's breeding reports, by season, and the seasons open now",
        security,
        params: horseId,
        response: answersOf(stallionBreedingReportsSchema),
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      return ok(await stallionReports(db, userId, request.params.id));
    },
  );

  app.put(
    '/members/horses/:id/breeding-reports/:season',
    {
      config: { access: 'member' },
      schema: {
        tags: ['breeding reports'],
        summary: "File or amend the stallion's report for a season (until the deadline)",
        security,
        params: seasonParams,
        body: fileBreedingReportSchema,
        response: answersOf(breedingReportSchema),
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const { report, amended } = await fileReport(
        db,
        userId,
        request.params.id,
        request.params.season,
        request.body,
        { ip: request.ip, associationName },
      );
      return ok(
        report,
        amended || report.version > 1 ? BREEDING_MESSAGES.amended : BREEDING_MESSAGES.filed,
      );
    },
  );

  app.get(
    '/breedings/fits',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['breeding reports'],
        summary: "The reported breedings a foal fits: its sire's report names its dam in time",
        security,
        querystring: breedingFitsQuerySchema,
        response: answersOf(z.array(breedingFitSchema)),
      },
    },
    async (request) => ok(await findFits(db, request.query)),
  );

  app.get(
    '/admin/breeding-reports',
    adminRoute('Breeding reports by season, stallion and status, last changed first', {
      querystring: breedingReportListQuerySchema,
      response: answersOf(pageSchema(breedingReportSummarySchema)),
    }),
    async (request) => ok(await listReports(db, request.query)),
  );

  app.get(
    '/admin/breeding-reports/:id',
    adminRoute('A breeding report with its versions and reviews', {
      params: horseId,
      response: answersOf(adminBreedingReportSchema),
    }),
    async (request) => ok(await adminReport(db, request.params.id)),
  );

  app.put(
    '/admin/breeding-reports/:id/review',
    adminRoute('Mark the version of the report you read reviewed (409 if amended since)', {
      params: horseId,
      body: reviewBreedingReportSchema,
      response: answersOf(adminBreedingReportSchema),
    }),
    async (request) => {
      const { userId } = requireAuth(request);
      const version = reviewedVersion(request.body.version, request.headers['if-match']);
      const report = await reviewReport(db, request.params.id, version, {
        userId,
        ip: request.ip,
        associationName,
      });
      return ok(report, BREEDING_MESSAGES.reviewed);
    },
  );

  app.get(
    '/admin/horses/:id/breeding',
    adminRoute("A registration's reported breeding, or its 'no breeding report' flag", {
      params: horseId,
      response: answersOf(horseBreedingSchema),
    }),
    async (request) => ok(await horseBreeding(db, request.params.id)),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LEDGER_MESSAGES,
  LEDGER_METHODS,
  LEDGER_PAGE_SIZE_MAX,
  LEDGER_PROVIDERS,
  LEDGER_REVERSALS,
  PAYMENT_MESSAGES,
  PAYMENT_RECORD_STATUSES,
  RECONCILIATION_MAX_DAYS,
  buildPaymentReversalSchema,
  ledgerEntrySchema,
  pageSchema,
  reconciliationSchema,
} from '@registry/domain';
import { HttpError } from '../../http-error.js';
import { failureSchema, ok, successSchema } from '../../reply.js';
import { recordAudit } from '../audit/index.js';
import { requireAuth } from '../auth/index.js';
import { clientOf } from './http.js';
import {
  LEDGER_CSV_COLUMNS,
  exportLedgerCsv,
  ledgerEntry,
  listLedger,
  reconcile,
} from './ledger.js';
import { reverseFromLedger } from './ledger-reversal.js';
import { PaymentChangedError } from './reversals.js';
import type { PaymentDeps } from './service.js';

const optionalFilter = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values)])
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** A calendar day, checked for being one (2024-02-30 is refused, not rolled over). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, LEDGER_MESSAGES.badDate)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, LEDGER_MESSAGES.badDate);
const optionalDay = z
  .union([z.literal(''), day])
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** An IANA time zone name both Node and PostgreSQL know (letters, `/`, `_`, `+`, `-`). */
const timeZone = z
  .string()
  .max(64)
  .default('UTC')
  .refine((value) => {
    if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return false;
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, LEDGER_MESSAGES.badTimeZone);

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

const filterFields = {
  status: optionalFilter(PAYMENT_RECORD_STATUSES),
  method: optionalFilter(LEDGER_METHODS),
  provider: optionalFilter(LEDGER_PROVIDERS),
  from: optionalDay,
  to: optionalDay,
  tz: timeZone,
  q: z.string().trim().max(100).optional(),
};
const inOrder = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || query.from <= query.to;
const filtersQuery = z
  .object(filterFields)
  .refine(inOrder, { message: LEDGER_MESSAGES.badRange, path: ['to'] });
const listQuery = z
  .object({
    ...filterFields,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(LEDGER_PAGE_SIZE_MAX).default(25),
  })
  .refine(inOrder, { message: LEDGER_MESSAGES.badRange, path: ['to'] });
const reconciliationQuery = z
  .object({ from: day, to: day, tz: timeZone })
  .refine(inOrder, { message: LEDGER_MESSAGES.badRange, path: ['to'] })
  .refine((query) => daysBetween(query.from, query.to) < RECONCILIATION_MAX_DAYS, {
    message: LEDGER_MESSAGES.rangeTooLong,
    path: ['from'],
  });

const reverseBody = buildPaymentReversalSchema().extend({
  /** The status the office saw: a decision names what it was made on. */
  status: z.enum(PAYMENT_RECORD_STATUSES, { error: LEDGER_MESSAGES.statusRequired }),
});
const changedSchema = failureSchema.extend({
  currentStatus: z.enum(PAYMENT_RECORD_STATUSES).optional(),
});

const admin = { access: 'admin' as const };
const security = [{ bearer: [] }];

/**
 * PostgreSQL refuses a time zone name Node's Intl knows but it does not (rare): a 400 like any
 * other bad zone, never a 500.
 */
async function withTimeZone<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const message = String((error as { message?: unknown }).message ?? '');
    if (/time zone .* not recognized/.test(message)) {
      throw new HttpError(400, LEDGER_MESSAGES.badTimeZone, { tz: LEDGER_MESSAGES.badTimeZone });
    }
    throw error;
  }
}

/** The office's payments ledger (docs/api.md "Payments ledger"). */
export const ledgerRoutes: FastifyPluginAsyncZod<Omit<PaymentDeps, 'log'>> = async (
  app,
  options,
) => {
  app.get(
    '/admin/payments',
    {
      config: admin,
      schema: {
        tags: ['payments'],
        summary:
          'Every payment, newest first: filters (status, method, provider, dates), search, paging',
        security,
        querystring: listQuery,
        response: { 200: successSchema(pageSchema(ledgerEntrySchema)), '4xx': failureSchema },
      },
    },
    async (request) => ok(await withTimeZone(() => listLedger(options.db, request.query))),
  );

  app.get(
    '/admin/payments/export.csv',
    {
      config: admin,
      schema: {
        tags: ['payments'],
        summary: 'The payments ledger as CSV (UTF-8 with BOM), with the same filters',
        security,
        querystring: filtersQuery,
        produces: ['text/csv'],
        fileExample: `${LEDGER_CSV_COLUMNS.join(',')}\r\n`,
      },
    },
    async (request, reply) => {
      const csv = await withTimeZone(() => exportLedgerCsv(options.db, request.query));
      // Payers' names and emails, and the money, leave the system: audited.
      await recordAudit(options.db, {
        action: 'payment.export',
        success: true,
        actorId: requireAuth(request).userId,
        ...clientOf(request),
        details: Object.fromEntries(
          Object.entries(request.query).filter(([, value]) => value !== undefined),
        ),
      });
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payments-${date}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/admin/payments/reconciliation',
    {
      config: admin,
      schema: {
        tags: ['payments'],
        summary: 'Payments, refunds and disputes by day and method for a date range, with totals',
        security,
        querystring: reconciliationQuery,
        response: { 200: successSchema(reconciliationSchema), '4xx': failureSchema },
      },
    },
    async (request) => ok(await withTimeZone(() => reconcile(options.db, request.query))),
  );

  app.post(
    '/admin/payments/:paymentId/reverse',
    {
      config: admin,
      schema: {
        tags: ['payments'],
        summary:
          'Refund a provider payment, void an office one or cancel one waiting for the payer; `status` is the one the office saw (409 with `currentStatus` when it changed)',
        security,
        params: z.object({ paymentId: z.string().max(64) }),
        body: reverseBody,
        response: {
          200: successSchema(
            z.object({ reversal: z.enum(LEDGER_REVERSALS), payment: ledgerEntrySchema }),
          ),
          409: changedSchema,
          '4xx': failureSchema,
          502: failureSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      const deps: PaymentDeps = { ...options, log: request.log };
      try {
        const reversal = await reverseFromLedger(
          deps,
          request.params.paymentId,
          request.body.status,
          { id: userId, source: 'admin', ...clientOf(request) },
          request.body.reason,
        );
        const message =
          reversal === 'refunded'
            ? PAYMENT_MESSAGES.paymentRefunded
            : reversal === 'voided'
              ? PAYMENT_MESSAGES.paymentVoided
              : LEDGER_MESSAGES.canceled;
        const payment = await ledgerEntry(options.db, request.params.paymentId);
        return ok({ reversal, payment }, message);
      } catch (error) {
        if (error instanceof PaymentChangedError) {
          return reply.status(409).send({
            success: false as const,
            error: error.message,
            currentStatus: error.currentStatus,
          });
        }
        throw error;
      }
    },
  );
};

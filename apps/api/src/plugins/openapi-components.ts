import { z } from 'zod';
import {
  actorSchema,
  adminHorseSchema,
  adminHorseSummarySchema,
  auditEntrySchema,
  changeRequestSchema,
  contentSchema,
  fieldChangeSchema,
  fileRefSchema,
  historyEntrySchema,
  horseSchema,
  horseSummarySchema,
  ledgerEntrySchema,
  loginResultSchema,
  memberDashboardSchema,
  memberPaymentSchema,
  memberProfileSchema,
  memberSchema,
  ownerSummarySchema,
  pageSchema,
  paymentDeclinedAnswerSchema,
  paymentProcessAnswerSchema,
  paymentSchema,
  pendingChangeSchema,
  publicHorseSchema,
  publicHorseSummarySchema,
  reconciliationRowSchema,
  reconciliationSchema,
  sessionUserSchema,
  statisticsSchema,
  storedAncestorSchema,
  storedMarkingsSchema,
  storedOwnerSchema,
  storedParentSchema,
  storedRegistrySchema,
  publicAncestorSchema,
  publicParentSchema,
} from '@registry/domain';
import { failureSchema } from '../reply.js';

/**
 * The shared shapes of the API, named once in the OpenAPI document (`components/schemas`) and
 * referenced with `$ref` wherever a route answers them (docs/api.md "The OpenAPI document").
 * fastify-type-provider-zod turns a schema with an `id` in Zod's global registry into a
 * component; the registry is Zod's, so the ids are given to the very instances the routes use.
 */
const NAMED: ReadonlyArray<readonly [z.ZodType, string]> = [
  [failureSchema, 'Failure'],
  [fileRefSchema, 'FileRef'],
  [storedAncestorSchema, 'HorseAncestor'],
  [storedParentSchema, 'HorseParent'],
  [publicAncestorSchema, 'PublicHorseAncestor'],
  [publicParentSchema, 'PublicHorseParent'],
  [storedMarkingsSchema, 'HorseMarkings'],
  [storedOwnerSchema, 'HorseOwner'],
  [storedRegistrySchema, 'HorseOtherRegistry'],
  [fieldChangeSchema, 'FieldChange'],
  [pendingChangeSchema, 'PendingChange'],
  [horseSchema, 'Horse'],
  [publicHorseSchema, 'PublicHorse'],
  [horseSummarySchema, 'HorseSummary'],
  [publicHorseSummarySchema, 'PublicHorseSummary'],
  [adminHorseSchema, 'AdminHorse'],
  [adminHorseSummarySchema, 'AdminHorseSummary'],
  [ownerSummarySchema, 'OwnerSummary'],
  [changeRequestSchema, 'ChangeRequest'],
  [historyEntrySchema, 'HistoryEntry'],
  [memberSchema, 'Member'],
  [actorSchema, 'Actor'],
  [auditEntrySchema, 'AuditEntry'],
  [memberPaymentSchema, 'MemberPayment'],
  [paymentSchema, 'Payment'],
  [paymentProcessAnswerSchema, 'PaymentProcessAnswer'],
  [paymentDeclinedAnswerSchema, 'PaymentDeclinedAnswer'],
  [ledgerEntrySchema, 'LedgerEntry'],
  [reconciliationRowSchema, 'ReconciliationRow'],
  [reconciliationSchema, 'Reconciliation'],
  [statisticsSchema, 'Statistics'],
  [contentSchema, 'DashboardContent'],
  [memberDashboardSchema, 'MemberDashboard'],
  [sessionUserSchema, 'SessionUser'],
  [loginResultSchema, 'LoginResult'],
  [memberProfileSchema, 'MemberProfile'],
];

/** Examples written by hand where one made from the schema would say less. */
const EXAMPLES: Readonly<Record<string, unknown>> = {
  Failure: { success: false, error: 'Horse not found' },
  FileRef: {
    id: '0b6f1c1e-8d2a-4f0e-9a51-3c7d2e4b9f10',
    name: 'coggins.pdf',
    mime: 'application/pdf',
    size: 184320,
    url: '/uploads/0b6f1c1e-8d2a-4f0e-9a51-3c7d2e4b9f10?exp=1795000000&sig=3f9a…',
  },
};

function name(schema: z.ZodType, id: string): void {
  const meta = z.globalRegistry.get(schema);
  if (meta?.id === id) return; // named by an earlier app in this process
  const example = EXAMPLES[id];
  z.globalRegistry.add(schema, { ...meta, id, ...(example ? { examples: [example] } : {}) });
}

/**
 * Names the shared shapes and a page of each (`HorseSummaryPage`: pageSchema answers one
 * instance per item schema). Components no route uses are left out of the document.
 */
export function nameSharedSchemas(): void {
  for (const [schema, id] of NAMED) {
    name(schema, id);
    if (id !== 'Failure') name(pageSchema(schema), `${id}Page`);
  }
}

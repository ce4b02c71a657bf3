import { and, desc, eq, inArray, count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  APPROVAL_STATUSES,
  PAYMENT_STATUSES,
  type Content,
  type MemberDashboard,
  horseDisplayName,
} from '@registry/domain';
import type { Db } from '../../db/client.js';
import { dashboardContent, horses, payments, users } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';
import { renderMarkdown, renderSavedMarkdown } from './sanitize.js';

const KEY = 'dashboard';

/** The saved text and its HTML. Never fails on the text itself (`renderSavedMarkdown`). */
export async function getContent(db: Db, log: FastifyBaseLogger): Promise<Content> {
  const [row] = await db
    .select({ content: dashboardContent, user: users })
    .from(dashboardContent)
    .leftJoin(users, eq(users.id, dashboardContent.updatedById))
    .where(eq(dashboardContent.key, KEY));
  if (!row) return { markdown: '', html: '', updatedAt: null, updatedBy: null };
  const user = row.user;
  return {
    markdown: row.content.markdown,
    html: renderSavedMarkdown(row.content.markdown, log),
    updatedAt: row.content.updatedAt.toISOString(),
    updatedBy: user
      ? {
          id: user.id,
          name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
        }
      : null,
  };
}

export async function saveContent(
  db: Db,
  markdown: string,
  actor: { userId: string; ip: string; log: FastifyBaseLogger },
): Promise<Content> {
  // Refused (400) before anything is stored if it breaks a rule or cannot be rendered, so a
  // saved text always renders (issue 28 §6).
  renderMarkdown(markdown);
  const bytes = Buffer.byteLength(markdown, 'utf8');
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .insert(dashboardContent)
      .values({ key: KEY, markdown, updatedAt: now, updatedById: actor.userId })
      .onConflictDoUpdate({
        target: dashboardContent.key,
        set: { markdown, updatedAt: now, updatedById: actor.userId },
      });
    await recordAudit(tx, {
      action: 'content.update',
      success: true,
      actorId: actor.userId,
      subject: KEY,
      ip: actor.ip,
      details: { bytes },
    });
  });
  return getContent(db, actor.log);
}

export const NEEDS_ACTION = ['requires_action', 'failed', 'unpaid'] as const;

/** The members' dashboard: the content, their horses' counts, and payments they must act on. */
export async function memberDashboard(
  db: Db,
  memberId: string,
  log: FastifyBaseLogger,
): Promise<MemberDashboard> {
  const [content, byApproval, byPayment, needing] = await Promise.all([
    getContent(db, log),
    db
      .select({ status: horses.approvalStatus, n: count() })
      .from(horses)
      .where(eq(horses.ownerId, memberId))
      .groupBy(horses.approvalStatus),
    db
      .select({ status: horses.paymentStatus, n: count() })
      .from(horses)
      .where(eq(horses.ownerId, memberId))
      .groupBy(horses.paymentStatus),
    db
      .select()
      .from(horses)
      .where(and(eq(horses.ownerId, memberId), inArray(horses.paymentStatus, [...NEEDS_ACTION])))
      .orderBy(desc(horses.createdAt))
      .limit(50),
  ]);
  const actionUrls = new Map<string, string>();
  if (needing.length > 0) {
    const rows = await db
      .select({ horseId: payments.horseId, url: payments.actionUrl })
      .from(payments)
      .where(
        and(
          inArray(
            payments.horseId,
            needing.map((h) => h.id),
          ),
          eq(payments.status, 'requires_action'),
        ),
      )
      .orderBy(desc(payments.createdAt));
    for (const row of rows) {
      if (row.horseId && row.url && !actionUrls.has(row.horseId))
        actionUrls.set(row.horseId, row.url);
    }
  }
  const tally = <T extends string>(keys: readonly T[], rows: Array<{ status: T; n: number }>) =>
    Object.fromEntries(
      keys.map((k) => [k, Number(rows.find((r) => r.status === k)?.n ?? 0)]),
    ) as Record<T, number>;
  const byApprovalStatus = tally(APPROVAL_STATUSES, byApproval);
  return {
    ...content,
    horses: {
      byApprovalStatus,
      byPaymentStatus: tally(PAYMENT_STATUSES, byPayment),
      total: Object.values(byApprovalStatus).reduce((a, b) => a + b, 0),
    },
    paymentsNeedingAction: needing.map((h) => ({
      _id: h.id,
      name: horseDisplayName(h),
      approvalStatus: h.approvalStatus,
      paymentStatus: h.paymentStatus,
      actionUrl: h.paymentStatus === 'requires_action' ? (actionUrls.get(h.id) ?? null) : null,
    })),
  };
}

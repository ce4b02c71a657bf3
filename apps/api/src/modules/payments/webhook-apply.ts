import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_MESSAGES } from '@registry/domain';
import type { Tx } from '../../db/client.js';
import { webhookEvents, type PaymentRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { applyDispute } from './dispute-events.js';
import { endMandates } from './mandate-events.js';
import type { ProviderRefund } from './provider.js';
import { recordRefund } from './refund-events.js';
import { keepProviderMethod, type PaymentDeps } from './service.js';
import { applyPaymentUpdate, paymentAwaitingIntent, paymentByProviderId } from './settle.js';
import type { WebhookAction } from './webhook-events.js';

type WebhookDeps = Omit<PaymentDeps, 'log'>;

/**
 * The refunds a refund event speaks of: its own, or (charge.refunded, whose charge no longer
 * lists them) the payment's refunds as the provider has them now, asked before the
 * transaction. A provider that cannot be reached fails the delivery (502) and Stripe retries.
 */
async function refundsOf(
  action: WebhookAction,
  options: WebhookDeps,
  log: FastifyBaseLogger,
): Promise<ProviderRefund[]> {
  if (action.kind !== 'refunds') return [];
  if (action.refunds) return action.refunds;
  const row = await paymentByProviderId(options.db, action.intentId);
  if (!row || row.provider !== options.provider.name) return [];
  try {
    return await options.provider.listRefunds(action.intentId);
  } catch (error) {
    log.error(
      { paymentId: row.id, err: { message: (error as Error).message } },
      'refunds could not be read from the provider',
    );
    throw new HttpError(502, PAYMENT_MESSAGES.processFailed);
  }
}

interface Delivery {
  eventId: string;
  /** The event's `created`, seconds. */
  eventAt: number;
  refunds: ProviderRefund[];
}

async function paymentOf(tx: Tx, intentId: string, eventId: string, log: FastifyBaseLogger) {
  const row = await paymentByProviderId(tx, intentId);
  if (!row) log.warn({ eventId }, 'webhook for an unknown payment');
  return row;
}

/** Applies one event in its transaction; answers whether mail was queued. */
async function apply(
  tx: Tx,
  action: WebhookAction,
  delivery: Delivery,
  options: WebhookDeps,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const { eventId } = delivery;
  const webhook = { actor: { id: null, source: 'webhook' as const }, reason: null, eventId };
  let row: PaymentRow | undefined;
  switch (action.kind) {
    case 'intent': {
      // An event can beat our own record of the intent id (it is stored once create answers):
      // the metadata then names our payment.
      row =
        (await paymentByProviderId(tx, action.intentId)) ??
        (await paymentAwaitingIntent(tx, action.paymentId));
      if (!row) {
        log.warn({ eventId }, 'webhook for an unknown payment intent');
        return false;
      }
      await keepProviderMethod(tx, row.id, action.providerMethodId);
      const applied = await applyPaymentUpdate(
        tx,
        row.id,
        {
          status: action.status,
          failureMessage: action.failureMessage ?? PAYMENT_MESSAGES.failed,
          source: 'webhook',
          eventId,
        },
        options,
      );
      return applied?.mailQueued ?? false;
    }
    case 'refunds':
      row = await paymentOf(tx, action.intentId, eventId, log);
      for (const refund of row ? delivery.refunds : []) {
        await recordRefund(tx, row as PaymentRow, refund, webhook);
      }
      return false;
    case 'dispute':
      row = await paymentOf(tx, action.intentId, eventId, log);
      if (row) {
        await applyDispute(tx, row, { ...action.dispute, eventAt: delivery.eventAt }, eventId);
      }
      return false;
    case 'mandate-ended':
    case 'method-detached':
      await endMandates(tx, {
        providerMethodId: action.providerMethodId,
        providerMandateId: action.kind === 'mandate-ended' ? action.providerMandateId : null,
        cause: action.kind === 'mandate-ended' ? 'mandate.updated' : 'payment_method.detached',
        eventId,
      });
      return false;
    default:
      return false;
  }
}

/**
 * Applies a checked webhook event once: the event id is recorded in the same transaction as
 * its effect, so a redelivered event changes nothing (`duplicate`).
 */
export async function applyWebhookEvent(
  options: WebhookDeps,
  event: { id: string; type: string; eventAt: number },
  action: WebhookAction,
  log: FastifyBaseLogger,
): Promise<{ duplicate: boolean }> {
  const refunds = await refundsOf(action, options, log);
  let mailQueued = false;
  const duplicate = await options.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(webhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (inserted.length === 0) return true;
    mailQueued = await apply(
      tx,
      action,
      { eventId: event.id, eventAt: event.eventAt, refunds },
      options,
      log,
    );
    return false;
  });
  if (mailQueued) options.onMailQueued?.();
  return { duplicate };
}

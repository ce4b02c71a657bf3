import type { MemberTransfer } from '@registry/domain';

/**
 * A transfer of Copper Bell from Sam Seller to Avery Walker (the signed-in test member), as
 * the buyer sees it once the seller signed: waiting for the buyer, the $25 fee theirs to pay.
 * `overrides` moves it on (signed, paid, the office's view).
 */
export function memberTransfer(overrides: Partial<MemberTransfer> = {}): MemberTransfer {
  return {
    id: 't1',
    status: 'awaiting_buyer',
    version: 1,
    horse: { id: 'h9', name: 'Copper Bell', registrationNumber: 'GH-0009', version: 4 },
    seller: { id: 's1', name: 'Sam Seller', email: 'sam@example.org', memberNumber: 'M-0003' },
    buyer: { id: 'm1', name: 'Avery Walker', email: 'member1@example.org', memberNumber: 'M-0001' },
    saleDate: '2026-11-20',
    feeCents: 2500,
    feePayer: 'buyer',
    role: 'buyer',
    payment: null,
    sellerSignedAt: '2026-11-21T10:00:00.000Z',
    buyerSignedAt: null,
    reason: null,
    decidedAt: null,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

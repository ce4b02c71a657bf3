import { STAFF_AREA_ROLES, type StaffArea, type StaffRole } from '@registry/domain';

/**
 * Which area of the office each admin route belongs to, and so which staff roles may call it
 * (domain admin/staff.ts `STAFF_AREA_ROLES`). Keyed like security/expected-access.ts. Every route
 * declared `access: 'admin'` must be listed: one that is not stops the server at start-up
 * (access.ts), so a new office route is never open to every role by omission.
 *
 * Reads are `view` (every role), changes belong to the area whose work they are. The staff
 * member's own account (their email, their notice choice) is `account` (every role).
 */
export const STAFF_POLICY: Record<string, StaffArea> = {
  // Members
  'GET /api/admin/members': 'view',
  'GET /api/admin/members/search': 'view',
  'GET /api/admin/members/:id': 'view',
  'GET /api/admin/members/:id/audit': 'view',
  'GET /api/admin/members/export.csv': 'view',
  'POST /api/admin/members': 'members',
  'PUT /api/admin/members/:id': 'members',
  'DELETE /api/admin/members/:id': 'members',
  'PUT /api/admin/member/:id/activate': 'members',
  'PUT /api/admin/member/:id/deactivate': 'members',
  'POST /api/admin/members/import': 'members',
  'POST /api/admin/members/send-credentials': 'members',
  'POST /api/admin/send-membercredentials/:id': 'members',

  // Horses
  'GET /api/admin/horses': 'view',
  'GET /api/admin/horses/search': 'view',
  'GET /api/admin/horses/:id': 'view',
  'GET /api/admin/horses/:id/certificate.pdf': 'view',
  'GET /api/admin/horses/:id/parents': 'view',
  'GET /api/admin/horses/export.csv': 'view',
  'GET /api/admin/pending-horses': 'view',
  'POST /api/admin/horses': 'horses',
  'PUT /api/admin/horses/:id': 'horses',
  'PUT /api/admin/horses/:id/parents/:side': 'horses',
  'DELETE /api/admin/horses/:id': 'horses',

  // Approvals and change requests
  'PUT /api/admin/approve-horse/:id': 'approvals',
  'GET /api/admin/change-requests': 'view',
  'PUT /api/admin/change-requests/:id': 'approvals',

  // Transfers
  'POST /api/admin/transfer-horse-ownership': 'transfers',
  // Member-started transfers (issue 31 item 1) and the association's transfer settings
  'GET /api/admin/member-transfers': 'view',
  'GET /api/admin/member-transfers/:id': 'view',
  'PUT /api/admin/member-transfers/:id': 'transfers',
  'GET /api/admin/settings/transfers': 'view',
  'PUT /api/admin/settings/transfers': 'transfers',

  // Stallion breeding reports (issue 31 item 2), a registration's breeding and their deadline
  'GET /api/admin/breeding-reports': 'view',
  'GET /api/admin/breeding-reports/:id': 'view',
  'PUT /api/admin/breeding-reports/:id/review': 'approvals',
  'GET /api/admin/horses/:id/breeding': 'view',
  'GET /api/admin/settings/breeding-reports': 'view',
  'PUT /api/admin/settings/breeding-reports': 'approvals',

  // Payments, the ledger and reconciliation
  'GET /api/admin/payments': 'view',
  'GET /api/admin/payments/:horseId': 'view',
  'GET /api/admin/payments/export.csv': 'view',
  'GET /api/admin/payments/reconciliation': 'view',
  'POST /api/admin/payment-process/:horseId': 'payments',
  'POST /api/admin/payment-void/:horseId': 'payments',
  'POST /api/admin/payments/:paymentId/reverse': 'payments',

  // Dashboard, statistics, content, mail
  'GET /api/admin/statistics': 'view',
  'GET /api/admin/waiting-work': 'view',
  'GET /api/admin/dashboard/content': 'view',
  'PUT /api/admin/dashboard-content': 'content',
  'POST /api/admin/dashboard-content/preview': 'content',
  'GET /api/admin/mail/problems': 'view',
  'POST /api/admin/mail/:id/retry': 'mail',

  // The signed-in staff member's own account
  'GET /api/admin/office-notices': 'account',
  'PUT /api/admin/office-notices': 'account',
  'POST /api/admin/sendotp': 'account',
  'POST /api/admin/verifyOtp-updateEmail': 'account',

  // Staff accounts
  'GET /api/admin/staff': 'staff',
  'POST /api/admin/staff': 'staff',
  'PUT /api/admin/staff/:id/role': 'staff',
  'PUT /api/admin/staff/:id/deactivate': 'staff',
  'PUT /api/admin/staff/:id/activate': 'staff',
  'POST /api/admin/staff/:id/invite': 'staff',
  'DELETE /api/admin/staff/:id': 'staff',
};

/** The area of an admin route, or undefined when the table does not name it. */
export function staffAreaOf(method: string, url: string): StaffArea | undefined {
  return STAFF_POLICY[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}

/** The roles that may call a route of `area`. */
export function rolesFor(area: StaffArea): readonly StaffRole[] {
  return STAFF_AREA_ROLES[area];
}

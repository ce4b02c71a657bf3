import { STAFF_ROLES, type StaffRole } from '../constants.js';

/**
 * What an office account may do (issue 29 §1). Stored in `users.staff_role`; members have none.
 * - administrator: everything, and the only role that manages staff;
 * - registrar: members, horses, approvals, transfers and change requests;
 * - treasurer: payments, the ledger, reconciliation, statistics;
 * - read-only: sees the office pages, changes nothing.
 */
export { STAFF_ROLES, type StaffRole };

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  administrator: 'Administrator',
  registrar: 'Registrar',
  treasurer: 'Treasurer',
  'read-only': 'Read-only',
};

/** One line per role, shown beside the role choice in the Staff page's dialogs. */
export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  administrator: 'Everything, including staff accounts and settings',
  registrar: 'Members, horses, approvals, transfers and change requests',
  treasurer: 'Payments, the ledger, reconciliation and statistics',
  'read-only': 'Sees the office pages; cannot change anything',
};

/**
 * The areas of the office, each granted to some roles. The API's route policy and the web's menu
 * both name these, so a role's menu never offers what the server refuses (and the other way).
 * `view` is every office page that only reads; `account` is the staff member's own account
 * (email, notice choice); `staff` is the Staff page and its actions.
 */
export const STAFF_AREAS = [
  'view',
  'account',
  'members',
  'horses',
  'approvals',
  'transfers',
  'payments',
  'content',
  'mail',
  'staff',
] as const;
export type StaffArea = (typeof STAFF_AREAS)[number];

export const STAFF_AREA_ROLES: Record<StaffArea, readonly StaffRole[]> = {
  view: STAFF_ROLES,
  account: STAFF_ROLES,
  members: ['administrator', 'registrar'],
  horses: ['administrator', 'registrar'],
  approvals: ['administrator', 'registrar'],
  transfers: ['administrator', 'registrar'],
  payments: ['administrator', 'treasurer'],
  content: ['administrator'],
  mail: ['administrator'],
  staff: ['administrator'],
};

/** Whether a staff role may act in an area (false for no role: fail closed). */
export function staffMay(role: StaffRole | null | undefined, area: StaffArea): boolean {
  return role != null && STAFF_AREA_ROLES[area].includes(role);
}

/** What the office is told when its role stops an action (403), naming the role. */
export const STAFF_MESSAGES = {
  roleCannot: (role: StaffRole, area: StaffArea) =>
    `Your role (${STAFF_ROLE_LABELS[role]}) cannot ${STAFF_AREA_VERBS[area]}. Ask an administrator if you need to.`,
  noRole: 'This office account has no staff role yet. Ask an administrator to give it one.',
  lastAdministrator:
    'This is the last active administrator: make another staff member an administrator first.',
  emailTaken: 'A staff member with this email already exists',
  emailIsMember: 'This email belongs to a member. Use another address for the office account.',
  notFound: 'Staff member not found',
  invited: 'The invitation has been emailed',
  roleChanged: 'Role changed. Their open sessions have ended.',
  deactivated: 'Deactivated. Their open sessions have ended.',
  reactivated: 'Reactivated',
  removed: 'Removed from the office',
  alreadyHasPassword: 'This staff member has already set a password',
  inactive: 'Reactivate this staff member before sending an invitation',
} as const;

const STAFF_AREA_VERBS: Record<StaffArea, string> = {
  view: 'see the office pages',
  account: 'change this account',
  members: 'change members',
  horses: 'change horses',
  approvals: 'approve, reject or decide change requests',
  transfers: 'transfer horses',
  payments: 'take, refund or void payments',
  content: 'change the dashboard content',
  mail: 'retry office mail',
  staff: 'manage staff accounts',
};

/** The accounts the e2e server is started with (see global-setup.ts). */
export const E2E_ADMIN = { email: 'office@e2e.test', password: 'e2e-admin-password' };
export const E2E_MEMBER_PASSWORD = 'e2e-member-password';
export const E2E_MEMBER = { email: 'member1@example.org', password: E2E_MEMBER_PASSWORD };
export const E2E_MEMBER_2 = { email: 'member2@example.org', password: E2E_MEMBER_PASSWORD };

import { describe, expect, it } from 'vitest';
import { importErrors, itRefuses, sample } from './import-errors.js';

/**
 * The API's import rules (api-layers.js, docs/decisions/0113-api-module-faces.md) fed the imports
 * they exist to refuse, through the project's own ESLint config. Each sample is linted as if it
 * were a file at `path` (no file is written), so a rule that stops matching fails here.
 */
describe('API import boundaries', () => {
  const refused: [string, string, string][] = [
    [
      'a module re-exporting a test helper',
      'apps/api/src/modules/horses/lint-sample.ts',
      "export { startServer } from '../../test/spawned-server.js';\n",
    ],
    [
      'a module importing a test file',
      'apps/api/src/modules/horses/lint-sample.ts',
      "import { a } from './lists.test.js';\nexport const b = a;\n",
    ],
    [
      "security/ importing a module's routes file",
      'apps/api/src/security/lint-sample.test.ts',
      "import { horseRoutes } from '../modules/horses/routes.js';\nexport const b = horseRoutes;\n",
    ],
    [
      "security/ importing a module's *-routes file",
      'apps/api/src/security/lint-sample.test.ts',
      "import { a } from '../modules/payments/admin-routes.js';\nexport const b = a;\n",
    ],
    [
      "another module's file that is not its face",
      'apps/api/src/modules/horses/lint-sample.ts',
      "import { recordAudit } from '../audit/service.js';\nexport const b = recordAudit;\n",
    ],
    [
      "another module's routes file",
      'apps/api/src/modules/approvals/lint-sample.ts',
      "import { a } from '../horses/routes.js';\nexport const b = a;\n",
    ],
    [
      "a higher layer's face",
      'apps/api/src/modules/audit/lint-sample.ts',
      "import { registerHorse } from '../horses/index.js';\nexport const b = registerHorse;\n",
    ],
    [
      'a type from a higher layer',
      'apps/api/src/modules/audit/lint-sample.ts',
      "import type { HorseDeps } from '../horses/index.js';\nexport type B = HorseDeps;\n",
    ],
    [
      'core importing the app',
      'apps/api/src/lint-sample.ts',
      "import { buildApp } from './app.js';\nexport const b = buildApp;\n",
    ],
    [
      'a plugin importing a module',
      'apps/api/src/plugins/lint-sample.ts',
      "import { recordAudit } from '../modules/audit/index.js';\nexport const b = recordAudit;\n",
    ],
    [
      'the API importing the web app',
      'apps/api/src/modules/horses/lint-sample.ts',
      "import { a } from '../../../../web/src/main.js';\nexport const b = a;\n",
    ],
    [
      'a test helper importing the web app',
      'apps/api/src/test/lint-sample.ts',
      "import { a } from '../../../web/src/main.js';\nexport const b = a;\n",
    ],
    [
      'the API importing a file outside any element',
      'apps/api/src/modules/horses/lint-sample.ts',
      "import { a } from '../../../../../scripts/start.mjs';\nexport const b = a;\n",
    ],
  ];

  itRefuses(refused);

  it('allows a module its own files, lower faces, core, plugins and the domain', async () => {
    const code = sample(
      "import { registerHorse } from './service.js';",
      "import { recordAudit } from '../audit/index.js';",
      "import type { AuthContext } from '../auth/index.js';",
      "import { db } from '../../db/client.js';",
      "import { HttpError } from '../../http-error.js';",
      "import { errorsPlugin } from '../../plugins/errors.js';",
      "import { HORSE_STATUS } from '@registry/domain';",
      'export type A = AuthContext;',
      'export const b = [registerHorse, recordAudit, db, HttpError, errorsPlugin, HORSE_STATUS];',
    );
    expect(await importErrors('apps/api/src/modules/horses/lint-sample.ts', code)).toEqual([]);
  });

  it('allows the app any module file, and tests any API file', async () => {
    const app =
      "import { horseRoutes } from './modules/horses/routes.js';\nexport const b = horseRoutes;\n";
    expect(await importErrors('apps/api/src/app.ts', app)).toEqual([]);
    const test = sample(
      "import { a } from '../files/routes.js';",
      "import { b } from '../../test/spawned-server.js';",
      'export const c = [a, b];',
    );
    expect(await importErrors('apps/api/src/modules/horses/lint-sample.test.ts', test)).toEqual([]);
  });
});

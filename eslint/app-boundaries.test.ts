import { describe, expect, it } from 'vitest';
import { importErrors, itRefuses, sample } from './import-errors.js';

/**
 * The import rules of the web app, the domain package and e2e (eslint.config.js, "appBoundaries")
 * fed the imports they exist to refuse, through the project's own ESLint config. Each sample is
 * linted as if it were a file at `path` (no file is written), so a rule that stops matching
 * fails here. The API's rules have their own test (api-layers.test.ts).
 */
const FEATURE = 'apps/web/src/features/search/lint-sample.ts';
const SHARED = 'apps/web/src/lib/lint-sample.ts';
const DOMAIN = 'packages/domain/src/horse/lint-sample.ts';
const E2E = 'e2e/support/lint-sample.ts';

describe('web, domain and e2e import boundaries', () => {
  const refused: [string, string, string][] = [
    [
      "the domain importing the API's db/schema",
      DOMAIN,
      "import { horses } from '../../../../apps/api/src/db/schema.js';\nexport const b = horses;\n",
    ],
    [
      'the domain importing the web app',
      DOMAIN,
      "import { formatUsdShort } from '../../../../apps/web/src/lib/format';\nexport const b = formatUsdShort;\n",
    ],
    [
      'the domain importing its test fixtures',
      DOMAIN,
      "import { validRegistration } from './test-fixtures.js';\nexport const b = validRegistration;\n",
    ],
    [
      "a web feature importing the API's horses service",
      FEATURE,
      "import { requireOwnHorse } from '../../../../api/src/modules/horses/service.js';\nexport const b = requireOwnHorse;\n",
    ],
    [
      "a web feature importing a type of the API's horses service",
      FEATURE,
      "import type { HorseDeps } from '../../../../api/src/modules/horses/service.js';\nexport type B = HorseDeps;\n",
    ],
    ['a web feature importing src/main.tsx', FEATURE, "import '../../main';\n"],
    [
      'a web feature loading src/main.tsx lazily',
      FEATURE,
      "export const load = () => import('../../main');\n",
    ],
    [
      "a web feature importing another feature's own module",
      FEATURE,
      "import { initialValues } from '../horses/registration/form-values';\nexport const b = initialValues;\n",
    ],
    [
      'a web feature importing the app shell',
      FEATURE,
      "import { store } from '../../app/store';\nexport const b = store;\n",
    ],
    [
      'shared web code importing a feature',
      SHARED,
      "import { EMPTY_FILTERS } from '../features/search/api';\nexport const b = EMPTY_FILTERS;\n",
    ],
    [
      'shared web code importing the app shell',
      SHARED,
      "import { store } from '../app/store';\nexport const b = store;\n",
    ],
    [
      'a web feature importing a test helper',
      FEATURE,
      "import { fill } from '../../test/fill';\nexport const b = fill;\n",
    ],
    [
      'a web feature re-exporting a test helper',
      FEATURE,
      "export { renderWithStore } from '../../test/render-with-store';\n",
    ],
    [
      'a web feature importing its own test file',
      FEATURE,
      "import { a } from './search-query.test';\nexport const b = a;\n",
    ],
    [
      "a web feature importing the registration form's test values",
      'apps/web/src/features/horses/lint-sample.ts',
      "import { storedHorse } from './registration/test-values';\nexport const b = storedHorse;\n",
    ],
    [
      'the web importing e2e',
      SHARED,
      "import { parseMail } from '../../../../e2e/support/mailbox.js';\nexport const b = parseMail;\n",
    ],
    [
      "a web test importing the API's test helpers",
      'apps/web/src/features/search/lint-sample.test.ts',
      "import { freePort } from '../../../../api/src/test/spawned-server.js';\nexport const b = freePort;\n",
    ],
    [
      'a web file importing a file outside every element',
      FEATURE,
      "import { a } from '../../../../../scripts/start.mjs';\nexport const b = a;\n",
    ],
    [
      "e2e importing an API module's service",
      E2E,
      "import { requireOwnHorse } from '../../apps/api/src/modules/horses/service.js';\nexport const b = requireOwnHorse;\n",
    ],
    [
      "e2e importing the web app's source",
      E2E,
      "import { formatUsdShort } from '../../apps/web/src/lib/format';\nexport const b = formatUsdShort;\n",
    ],
  ];

  itRefuses(refused);

  it("allows a feature itself, shared code, the domain and another feature's public module", async () => {
    const code = sample(
      "import { EMPTY_FILTERS } from './api';",
      "import './search.css';",
      "import { formatUsdShort } from '../../lib/format';",
      "import { TableCard } from '../../components/data-table';",
      "import { useAppDispatch } from '../../stores/hooks';",
      "import { CardEntry } from '../payments/card-entry';",
      "import { HORSE_MESSAGES } from '@registry/domain';",
      'export const b = [EMPTY_FILTERS, formatUsdShort, TableCard, useAppDispatch, CardEntry, HORSE_MESSAGES];',
    );
    expect(await importErrors(FEATURE, code)).toEqual([]);
  });

  it('allows the app shell the features, main.tsx the app shell, the domain itself', async () => {
    const shell =
      "import SearchHorsesPage from '../features/search/search-horses-page';\nexport const b = SearchHorsesPage;\n";
    expect(await importErrors('apps/web/src/app/lint-sample.tsx', shell)).toEqual([]);
    const entry =
      "import { App } from './app/app';\nimport './styles/app.css';\nexport const b = App;\n";
    expect(await importErrors('apps/web/src/main.tsx', entry)).toEqual([]);
    const domain =
      "import { HORSE_TEXT_FIELDS } from './stored-fields.js';\nexport const b = HORSE_TEXT_FIELDS;\n";
    expect(await importErrors(DOMAIN, domain)).toEqual([]);
  });

  it('allows tests across the web, and e2e its support, the API test helpers and the page table', async () => {
    const webTest = sample(
      "import { fill } from '../../test/fill';",
      "import { initialValues } from '../horses/registration/form-values';",
      "import { storedHorse } from '../horses/registration/test-values';",
      'export const b = [fill, initialValues, storedHorse];',
    );
    expect(await importErrors('apps/web/src/features/search/lint-sample.test.ts', webTest)).toEqual(
      [],
    );
    const e2e = sample(
      "import { freePort } from '../../apps/api/src/test/spawned-server.js';",
      "import { demoPng } from '../../apps/api/src/modules/horses/demo-files.js';",
      "import { signedInPageModules } from '../../apps/web/vite/page-modules.js';",
      "import { HORSE_MESSAGES } from '@registry/domain';",
      "import { parseMail } from './mailbox.js';",
      'export const b = [freePort, demoPng, signedInPageModules, HORSE_MESSAGES, parseMail];',
    );
    expect(await importErrors(E2E, e2e)).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE = path.join(root, 'apps/web/src/features/horses/photo-scaling/scale-photo.ts');
const MODULE_PATH = '/__e2e__/scale-photo.js';

/**
 * Serves the web app's own scale-photo module (TypeScript stripped, nothing else changed) on the
 * page's origin, so a test can run exactly the product's function in Chromium before the form
 * that calls it is on the page.
 */
export async function servePhotoScaling(page: Page): Promise<void> {
  const js = ts.transpileModule(readFileSync(SOURCE, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  await page.route(`**${MODULE_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: js }),
  );
}

/** Runs scaleMarkingPhoto in the page on `bytes` named `name`; answers the resulting file. */
export async function scaleInPage(page: Page, bytes: Buffer, name: string) {
  const photoPath = `/__e2e__/photo-${Math.random().toString(36).slice(2)}`;
  await page.route(`**${photoPath}`, (route) =>
    route.fulfill({ contentType: 'image/jpeg', body: bytes }),
  );
  // Passed as text: Vitest would otherwise rewrite the import() inside a function argument.
  const script = `(async () => {
    const { scaleMarkingPhoto } = await import(${JSON.stringify(MODULE_PATH)});
    const blob = await (await fetch(${JSON.stringify(photoPath)})).blob();
    const original = new File([blob], ${JSON.stringify(name)}, { type: 'image/jpeg' });
    const scaled = await scaleMarkingPhoto(original);
    const data = new Uint8Array(await scaled.arrayBuffer());
    let binary = '';
    for (let i = 0; i < data.length; i += 0x8000) {
      binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    }
    return { same: scaled === original, name: scaled.name, type: scaled.type, base64: btoa(binary) };
  })()`;
  const result = (await page.evaluate(script)) as {
    same: boolean;
    name: string;
    type: string;
    base64: string;
  };
  return { ...result, bytes: Buffer.from(result.base64, 'base64') };
}

import type { Browser, BrowserContext, Page } from 'playwright-core';

/** What Chromium counted on the wire for one page: compressed bodies plus response headers. */
export interface WireBytes {
  /** The page, scripts, stylesheets, fonts and images (everything but the API calls). */
  assets: number;
  /** JSON from /api and anything else fetched by script. */
  api: number;
  /** Requests answered, from the network or from the browser cache. */
  requests: number;
  /** Of those, answered from the browser's cache without touching the network. */
  fromCache: number;
}

export interface PageWeight {
  page: string;
  first: WireBytes;
  repeat: WireBytes;
}

/** Who a page is measured as. */
export interface Session {
  token: string;
  role: string;
  user: unknown;
}

interface Target {
  label: string;
  path: string;
  session?: Session;
  /** Waits until the page is what a user came for (its heading, or the open form). */
  ready(page: Page): Promise<void>;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();

/**
 * Sums Network.loadingFinished's encodedDataLength (the bytes Chromium read off the socket for
 * a response, headers included, before decoding) over everything a page loads until the
 * network has been idle, through the DevTools protocol of the page's own browser.
 */
async function visit(context: BrowserContext, target: Target): Promise<WireBytes> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const kinds = new Map<string, 'assets' | 'api'>();
  const cached = new Set<string>();
  const sizes: WireBytes = { assets: 0, api: 0, requests: 0, fromCache: 0 };
  cdp.on('Network.responseReceived', (event) => {
    // /api/config is preloaded by index.html (a <link>, not a script's fetch): still an API call.
    const api =
      event.type === 'Fetch' ||
      event.type === 'XHR' ||
      new URL(event.response.url).pathname.startsWith('/api/');
    kinds.set(event.requestId, api ? 'api' : 'assets');
    if (event.response.fromDiskCache) cached.add(event.requestId);
  });
  cdp.on('Network.requestServedFromCache', (event) => cached.add(event.requestId));
  cdp.on('Network.loadingFinished', (event) => {
    const kind = kinds.get(event.requestId);
    if (!kind) return;
    sizes[kind] += event.encodedDataLength;
    sizes.requests += 1;
    if (cached.has(event.requestId)) sizes.fromCache += 1;
  });
  await page.goto(target.path);
  await target.ready(page);
  // Whatever the page fetches in the background (preloaded routes) settles before counting.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  await page.close();
  return sizes;
}

/**
 * First visit in a new browser profile (empty cache), then a repeat visit to the same address
 * in the same profile, as a member coming back the next day would.
 */
async function measure(browser: Browser, baseURL: string, target: Target): Promise<PageWeight> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    if (target.session) {
      await context.addInitScript((session) => {
        localStorage.setItem('accessToken', session.token);
        localStorage.setItem('userRole', session.role);
        localStorage.setItem('userData', JSON.stringify(session.user));
      }, target.session);
    }
    const first = await visit(context, target);
    const repeat = await visit(context, target);
    return { page: target.label, first, repeat };
  } finally {
    await context.close();
  }
}

export async function measurePageWeights(
  browser: Browser,
  baseURL: string,
  member: Session,
  admin: Session,
): Promise<PageWeight[]> {
  const targets: Target[] = [
    { label: 'member sign-in (/login)', path: '/login', ready: heading },
    { label: 'administrator sign-in (/admin/login)', path: '/admin/login', ready: heading },
    {
      label: 'member dashboard (/dashboard)',
      path: '/dashboard',
      session: member,
      ready: heading,
    },
    { label: 'My Horses (/horse-list)', path: '/horse-list', session: member, ready: heading },
    {
      label: 'Register Horse form open (/register-horse)',
      path: '/register-horse',
      session: member,
      ready: (page) =>
        page
          .getByRole('dialog', { name: 'Register Horse' })
          .getByLabel('Breed', { exact: true })
          .waitFor(),
    },
    { label: 'administrator dashboard (/)', path: '/', session: admin, ready: heading },
  ];
  const weights: PageWeight[] = [];
  for (const target of targets) weights.push(await measure(browser, baseURL, target));
  return weights;
}

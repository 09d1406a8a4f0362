// What the browser test files share: one headless chromium per file, and pages that fail a test on any script error.
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

export function required(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this through .ci/browser.sh`);
  return value;
}

let browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
});
after(async () => { await browser?.close(); });

// A page that collects script errors and console errors (a CSP violation is one).
export async function open(url, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1500, height: 700 }, ...options });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push('page error: ' + error.message));
  page.on('console', (message) => { if (message.type() === 'error' && !/status of 40[04]/.test(message.text())) problems.push('console: ' + message.text()); });
  const response = await page.goto(url);
  return { page, context, problems, response };
}

export const text = (page, selector) => page.locator(selector).first().textContent();

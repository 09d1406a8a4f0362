// What the browser test files share: one headless chromium per file, and pages that fail a test on any script error.
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { installHexProbe } from './hex-probe.mjs';

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
  await context.addInitScript(installHexProbe); // window.hexProbe: the hex view read from its text (hex-probe.mjs)
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push('page error: ' + error.message));
  page.on('console', (message) => { if (message.type() === 'error' && !/status of 40[04]/.test(message.text())) problems.push('console: ' + message.text()); });
  const response = await page.goto(url);
  return { page, context, problems, response };
}

export const text = (page, selector) => page.locator(selector).first().textContent();

// Where byte i of the open message is drawn in the hex view (its digits, or its character with column 'ascii'), once
// it is: { x, y } is its centre, for page.mouse.
export async function byteBox(page, i, column = 'bytes') {
  await page.waitForFunction(([b, c]) => hexProbe.box(b, c) !== null, [i, column]);
  return page.evaluate(([b, c]) => hexProbe.box(b, c), [i, column]);
}

// Moves the pointer (a real one, through CDP) to the centre of byte i's digits, or clicks there.
export async function pointAtByte(page, i, column = 'bytes') {
  const { x, y } = await byteBox(page, i, column);
  await page.mouse.move(x, y);
}
export async function clickByte(page, i, column = 'bytes') {
  const { x, y } = await byteBox(page, i, column);
  await page.mouse.click(x, y);
}

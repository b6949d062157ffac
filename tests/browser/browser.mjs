// Opens profdiff's pages in Debian's Chromium through puppeteer-core (which never downloads a
// browser of its own), recording everything a page must not do: requests other than the page
// itself, console errors and warnings, uncaught exceptions and dialogs (alert()).

import puppeteer from 'puppeteer-core';
import { pathToFileURL } from 'node:url';

export const CHROMIUM = process.env.PROFDIFF_CHROMIUM || '/usr/bin/chromium';

export async function launch() {
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    protocolTimeout: 600000,
    // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--no-first-run',
           '--disable-extensions', '--disable-background-networking'],
  });
}

// Opens `file` in a new tab and waits until the page says it is ready. Returns the tab and
// the list of problems seen so far (it keeps growing while the tab is used).
export async function openPage(browser, file, { hash = '', viewport, timeout = 120000 } = {}) {
  const page = await browser.newPage();
  if (viewport) await page.setViewport(viewport);
  const url = pathToFileURL(file).href;
  const problems = [];
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const requested = request.url().split('#')[0];
    if (requested === url) {
      request.continue();
      return;
    }
    problems.push(`request: ${request.url()}`);
    request.abort();
  });
  page.on('console', (message) => {
    const type = message.type();
    if (type === 'error' || type === 'warn' || type === 'warning' || type === 'assert') {
      problems.push(`console ${type}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('dialog', async (dialog) => {
    problems.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  await page.goto(url + hash, { waitUntil: 'load', timeout });
  await page.waitForSelector('html[data-ready]', { timeout });
  return { page, problems };
}

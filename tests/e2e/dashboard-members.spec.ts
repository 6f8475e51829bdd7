/**
 * The dashboard's members and audit log (issue 18 § Members and contributors), at 1280 and 375
 * wide, on the spec's own copy of the demo blog (decision 031): an owner promotes a member to
 * writer, who then finds Create post in their own browser; an owner blocks a writer whose next
 * page treats them as a guest; an editor creates an author whose one-time link sets a password in
 * the browser; an owner deletes a member and the audit log lists what was done. Screenshots go to
 * screenshots/ (ignored by git).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import {
  DANIEL,
  ELENA,
  HANNAH,
  hydrated,
  KENJI,
  logInTo,
  MAYA,
  memberBrowser,
  openProfileMenu,
  projectContext,
  test,
} from './support';

async function shot(page: Page, project: string, name: string) {
  await page.screenshot({
    path: `screenshots/${project}-dashboard-${name}.png`,
    fullPage: project === 'desktop',
  });
}

/** No axe violation inside `selector`. */
async function expectAccessible(page: Page, selector: string) {
  const result = await new AxeBuilder({ page }).include(selector).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
  ).toEqual([]);
}

const profileButton = (page: Page, project: string) =>
  page.locator(project === 'mobile' ? '.header-profile--mobile' : '.header-profile--desktop');

/** The members list narrowed to `name` by the search field. */
async function findMember(page: Page, name: string) {
  await page.getByLabel('Search members').fill(name);
  const row = page.locator('tr[data-member-row]').filter({ hasText: name });
  await expect(page.locator('tr[data-member-row]')).toHaveCount(1);
  await expect(row).toBeVisible();
  return row;
}

test('an owner promotes a member to writer, who then finds Create post', async ({
  page,
  browser,
}, info) => {
  const project = info.project.name;
  const hannah = await memberBrowser(browser, info, HANNAH, '/blog');
  try {
    const before = await openProfileMenu(hannah.page, profileButton(hannah.page, project));
    await expect(before.getByRole('menuitem', { name: 'Create post' })).toHaveCount(0);

    await logInTo(page, MAYA, '/dashboard/members');
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
    await expect(page.locator('tr[data-member-row]').first()).toBeVisible();
    await shot(page, project, 'members');
    await expectAccessible(page, '.dash-page');

    const row = await findMember(page, HANNAH.name);
    await row.getByLabel(`Role of ${HANNAH.name}`).selectOption('writer');
    await expect(page.getByText(`${HANNAH.name} promoted to Writer`)).toBeVisible();
    await expect(row.getByLabel(`Role of ${HANNAH.name}`)).toHaveValue('writer');

    // Her very next page offers her Create post.
    await hannah.page.reload();
    await hydrated(hannah.page);
    const after = await openProfileMenu(hannah.page, profileButton(hannah.page, project));
    await expect(after.getByRole('menuitem', { name: 'Create post' })).toBeVisible();
  } finally {
    await hannah.context.close();
  }
});

test('an owner blocks a writer, whose next page treats them as a guest', async ({
  page,
  browser,
}, info) => {
  const project = info.project.name;
  const kenji = await memberBrowser(browser, info, KENJI, '/dashboard/posts');
  try {
    await expect(kenji.page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();

    await logInTo(page, MAYA, '/dashboard/members');
    const row = await findMember(page, KENJI.name);
    await row.getByRole('button', { name: `Block ${KENJI.name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Block ${KENJI.name}?` });
    await expect(confirm).toBeVisible();
    await shot(page, project, 'member-block');
    await confirm.getByRole('button', { name: 'Block member' }).click();
    await expect(page.getByText('Member blocked')).toBeVisible();
    await expect(row.getByText('Blocked', { exact: true })).toBeVisible();

    // His session is a guest's on the next request: the dashboard is refused, no Create post.
    await kenji.page.reload();
    await expect(kenji.page.getByRole('heading', { level: 1, name: 'Posts' })).toHaveCount(0);
    await kenji.page.goto('/blog');
    await hydrated(kenji.page);
    const menu = await openProfileMenu(kenji.page, profileButton(kenji.page, project));
    await expect(menu.getByRole('menuitem', { name: 'Create post' })).toHaveCount(0);

    // Unblocked, he writes again.
    await row.getByRole('button', { name: `Unblock ${KENJI.name}` }).click();
    await expect(page.getByText('Member unblocked')).toBeVisible();
    await kenji.page.goto('/dashboard/posts');
    await expect(kenji.page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
  } finally {
    await kenji.context.close();
  }
});

test('an editor creates an author, whose one-time link sets a password', async ({
  page,
  browser,
}, info) => {
  const project = info.project.name;
  const email = `new-author-${project}-${info.repeatEachIndex}-${Date.now()}@example.com`;
  await logInTo(page, DANIEL, '/dashboard/members');
  // Editors add authors; roles, blocks and deletes are the owners'.
  await expect(page.getByRole('combobox', { name: /^Role of / })).toHaveCount(0);
  await page.getByRole('button', { name: 'New author' }).click();
  const dialog = page.getByRole('dialog', { name: 'New author' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Create author' }).click();
  await expect(dialog.getByText('Give the author a name.')).toBeVisible();
  await expect(dialog.getByText('Enter an email address like name@example.com.')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue('not-an-address');
  await expectAccessible(page, '.tx-dialog');
  await shot(page, project, 'member-new-author');
  await dialog.getByLabel('Name').fill('Noor Haddad');
  await dialog.getByLabel('Email').fill(email);
  await expect(dialog.getByLabel('Role')).toHaveValue('writer');
  await dialog.getByRole('button', { name: 'Create author' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`Author created: a link to set a password is on its way to ${email}`),
  ).toBeVisible();
  await expect(
    page.locator('tr[data-member-row]').filter({ hasText: 'Noor Haddad' }),
  ).toBeVisible();

  // The link the server logged opens the reset form, which sets the password and signs in.
  const logged = await page.request.get(`/api/test/reset-links?email=${encodeURIComponent(email)}`);
  expect(logged.status()).toBe(200);
  const { url } = (await logged.json()) as { url: string };
  const context = await projectContext(browser, info);
  try {
    const author = await context.newPage();
    await author.goto(new URL(url).pathname + new URL(url).search);
    await hydrated(author);
    await expect(author.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await author.getByRole('textbox', { name: 'New password' }).fill('noor writes here');
    await author.getByRole('button', { name: 'Set new password' }).click();
    await expect(author).not.toHaveURL(/token=/);
    await author.goto('/blog');
    await hydrated(author);
    const menu = await openProfileMenu(author, profileButton(author, project));
    await expect(menu.getByRole('menuitem', { name: 'Create post' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('an owner deletes a member and the audit log lists the actions', async ({ page }, info) => {
  const project = info.project.name;
  await logInTo(page, MAYA, '/dashboard/members');
  const row = await findMember(page, ELENA.name);
  await row.getByLabel(`Role of ${ELENA.name}`).selectOption('open-blog-writer');
  await expect(page.getByText(`${ELENA.name} promoted to Open blog writer`)).toBeVisible();
  await row.getByLabel(`Role of ${ELENA.name}`).selectOption('user');
  await expect(page.getByText(`${ELENA.name} moved down to Member`)).toBeVisible();
  await row.getByRole('button', { name: `Delete ${ELENA.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${ELENA.name}?` });
  await expect(dialog).toBeVisible();
  // Giving the posts away needs someone to give them to.
  await dialog.getByLabel('Give to another author').check();
  await dialog.getByRole('button', { name: 'Delete member' }).click();
  await expect(dialog.getByText('Choose who gets the posts.')).toBeVisible();
  await expectAccessible(page, '.tx-dialog');
  await shot(page, project, 'member-delete');
  await dialog.getByLabel('New author').selectOption({ label: `${MAYA.name} · Owner` });
  await dialog.getByLabel('Delete, with their replies').check();
  await dialog.getByRole('button', { name: 'Delete member' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Member deleted')).toBeVisible();
  await expect(page.locator('tr[data-member-row]')).toHaveCount(0);

  await page.goto('/dashboard/audit');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const lines = page.locator('tr[data-audit-event]');
  await expect(
    lines.filter({ hasText: `deleted ${ELENA.name}` }).filter({ hasText: MAYA.name }),
  ).toBeVisible();
  await expect(
    lines.filter({
      hasText: `changed ${ELENA.name}’s role from Member to Open blog writer`,
    }),
  ).toBeVisible();
  await expect(
    lines.filter({ hasText: `changed ${ELENA.name}’s role from Open blog writer to Member` }),
  ).toBeVisible();
  await shot(page, project, 'audit');
  await expectAccessible(page, '.dash-page');
});

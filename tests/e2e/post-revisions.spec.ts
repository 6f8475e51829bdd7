/**
 * The revision history (issue 17, decision 034) at 1280 and 375 wide, on the spec's own blog: the
 * seeded writer changes her published post, opens History, compares the published revision with
 * the current text side by side (stacked on a phone), and restores it, confirmed; the editor shows
 * the restored text and the history a new "Restored" entry. Escape closes the panel.
 *
 * Screenshots go to screenshots/<project>-revisions-*.
 */
import { expect, type Page } from '@playwright/test';
import { actAsSeededWriter, hydrated, publishPostThroughApi, test } from './support';

const MEMBER_HEADER = 'x-inkwell-test-member';
const editorArea = (page: Page) => page.locator('.pe-content [contenteditable="true"]');

async function shot(page: Page, name: string, project: string) {
  await page.screenshot({
    path: `screenshots/${project}-revisions-${name}.png`,
    animations: 'disabled',
  });
}

test.describe('as the seeded writer', () => {
  const writer = actAsSeededWriter();

  test('compares an older revision with the current text and restores it', async ({
    page,
    request,
  }, info) => {
    const project = info.project.name;
    const isPhone = project === 'mobile';
    const title = `Tide tables ${project} ${Date.now()}`;
    const made: string[] = [];
    try {
      const post = await publishPostThroughApi(request, {
        title,
        text: 'High water comes twice a day, a little later each time.',
        headers: { [MEMBER_HEADER]: writer.id },
        onCreated: (id) => made.push(id),
      });
      await page.goto(`/blog/${post.id}/edit`);
      await hydrated(page);
      await expect(editorArea(page)).toContainText('High water comes twice a day');

      // A change of the live post, saved with Update: a revision of its own.
      // The paragraph selected whole (a phone's select-all key is Meta, a desktop's Control).
      await editorArea(page).locator('p').first().click({ clickCount: 3 });
      await page.keyboard.type('Low water is when the mudflats sing.');
      await page.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByText('Post updated')).toBeVisible();

      await page.getByRole('button', { name: 'History' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revision history' });
      await expect(dialog).toBeVisible();
      const entries = dialog.getByRole('navigation', { name: 'Revisions, newest first' });
      await expect(entries.getByRole('button')).toHaveCount(3);
      await expect(entries.getByRole('button').first()).toContainText('Edited');
      const published = entries.getByRole('button', { name: /Published/ });
      await expect(published).toContainText('Draft → Published');
      await shot(page, 'list', project);

      await published.click();
      const detail = dialog.getByRole('region', { name: 'Revision 2 and the current text' });
      await expect(detail).toBeVisible();
      // The words that differ, on each side.
      await expect(detail.locator('del').first()).toContainText('High');
      await expect(detail.locator('ins').first()).toContainText('Low');
      if (isPhone) await expect(entries).toBeHidden();
      await shot(page, 'compare', project);

      await detail.getByRole('button', { name: 'Restore this revision' }).click();
      const confirm = page.getByRole('dialog', { name: 'Restore revision 2?' });
      await expect(confirm).toBeVisible();
      await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
      await expect(page.getByText('Revision 2 restored')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(editorArea(page)).toContainText('High water comes twice a day');
      await expect(editorArea(page)).not.toContainText('mudflats');
      await shot(page, 'restored', project);

      // The restore is itself a revision; Escape closes the panel.
      await page.getByRole('button', { name: 'History' }).click();
      await expect(entries.getByRole('button').first()).toContainText('Restored revision 2');
      await expect(entries.getByRole('button')).toHaveCount(4);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: 'History' })).toBeFocused();

      // Readers see the restored text.
      const live = await request.get(`/blog/${post.slug}`);
      expect(await live.text()).toContain('High water comes twice a day');
    } finally {
      for (const id of made) {
        await request.delete(`/api/editor/posts/${id}`, {
          headers: { [MEMBER_HEADER]: writer.id },
        });
      }
    }
  });
});

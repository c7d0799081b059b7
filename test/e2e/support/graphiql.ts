/** Driving the GraphQL explorer (GraphiQL 5, Monaco editors) from a Playwright test. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Replaces the text of a Monaco editor (GraphiQL's query or headers editor). */
export async function typeInto(page: Page, editor: string, text: string): Promise<void> {
  await page.locator(`${editor} .monaco-editor .view-lines`).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** Runs the operation once GraphiQL has read its new name (it parses the editor's text a moment after typing). */
export async function runOperation(page: Page, operation: string): Promise<void> {
  await expect(page.getByRole('tab', { selected: true })).toContainText(operation);
  await page.locator('.graphiql-execute-button').click();
}

/** The response pane's text. */
export const graphiqlResponse = (page: Page): Locator => page.locator('.graphiql-response .view-lines');

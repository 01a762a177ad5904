import type { ExtensionSave } from '@easio/shared';
import type { PageInfo } from './page-info';
import { isSavable, pageSave, selectionSave } from './saves';

/** A save asked for from the context menu or the keyboard shortcut. */
export interface BrowserSaveRequest {
  what: 'page' | 'selection' | 'link';
  tab?: { url?: string; title?: string };
  /** From the context menu's click data. */
  linkUrl?: string;
  /** Firefox gives the link's text; Chromium does not. */
  linkText?: string;
  /** Chromium gives it without its line breaks. */
  selectionText?: string;
}

/**
 * Reads the page itself (scripting.executeScript). Each throws where the browser lets no extension
 * run scripts: its own pages, the web stores, the PDF viewer.
 */
export interface PageProbe {
  page(): Promise<PageInfo>;
  selection(): Promise<string>;
  linkText(url: string): Promise<string>;
}

export const NOT_A_WEB_PAGE = 'This page cannot be saved: only web pages (http and https) can';
export const NOT_A_WEB_LINK = 'Only web links can be saved';
export const NOTHING_SELECTED = 'Select some text first';

export type BrowserSave = { save: ExtensionSave } | { refusal: string };

const orEmpty = (read: () => Promise<string>) => read().catch(() => '');

/** What a save from the browser's menu or shortcut is (to the desk: the recommendations file it). */
export async function browserSave(request: BrowserSaveRequest, probe: PageProbe): Promise<BrowserSave> {
  const { tab } = request;
  if (request.what === 'link') {
    const url = request.linkUrl;
    if (!url || !isSavable(url)) return { refusal: NOT_A_WEB_LINK };
    const title = request.linkText?.trim() || (await orEmpty(() => probe.linkText(url))) || url;
    return { save: pageSave({ url, title, description: '', favicon: '', selection: '' }, null) };
  }
  if (!tab?.url || !isSavable(tab.url)) return { refusal: NOT_A_WEB_PAGE };
  if (request.what === 'selection') {
    const selection = ((await orEmpty(() => probe.selection())) || request.selectionText?.trim() || '').slice(
      0,
      200_000,
    );
    if (!selection) return { refusal: NOTHING_SELECTED };
    return { save: selectionSave({ url: tab.url, title: tab.title ?? '', selection }, null) };
  }
  const fallback: PageInfo = {
    url: tab.url,
    title: tab.title ?? '',
    description: '',
    favicon: '',
    selection: '',
  };
  const read = await probe.page().catch(() => null);
  return { save: pageSave(read && isSavable(read.url) ? read : fallback, null) };
}

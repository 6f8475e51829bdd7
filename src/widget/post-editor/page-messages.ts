/**
 * The editor page's own words (`locales/post-editor-page/<lng>.json`), added to the translator
 * when the page's module loads: they travel with the writer's pages, not with the reader's.
 */
import postEditorPageEn from '../../../locales/post-editor-page/en.json';
import { addNamespace } from '../../rich-content/i18n';

addNamespace('post-editor-page', postEditorPageEn);

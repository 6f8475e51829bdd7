/**
 * The post editor's own words (`locales/post-editor/<lng>.json`), added to the translator when
 * the editor module loads: they travel with the editor's chunk, not with every page's script.
 */
import postEditorEn from '../../../locales/post-editor/en.json';
import { addNamespace } from '../../rich-content/i18n';

addNamespace('post-editor', postEditorEn);

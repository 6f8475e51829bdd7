/**
 * The renderer's own words (`locales/rich-content/<lng>.json`), added to the translator when the
 * renderer loads: they travel with the post page's script, not with every page's.
 */
import richContentEn from '../../../locales/rich-content/en.json';
import { addNamespace } from '../i18n';

addNamespace('rich-content', richContentEn);

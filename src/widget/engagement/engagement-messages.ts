/**
 * The engagement pieces' own words (`locales/engagement/<lng>.json`), added to the translator
 * when a module that shows them loads: they travel with the post page and the lazy like button,
 * not with every feed page.
 */
import engagementEn from '../../../locales/engagement/en.json';
import { addNamespace } from '../../rich-content/i18n';

addNamespace('engagement', engagementEn);

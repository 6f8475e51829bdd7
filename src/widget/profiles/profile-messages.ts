/**
 * The profile pages' own words (`locales/profiles/<lng>.json`), added to the translator when a
 * profile page's module loads: they travel with the profile pages, not with every page of the blog.
 */
import profilesEn from '../../../locales/profiles/en.json';
import { addNamespace } from '../../rich-content/i18n';

addNamespace('profiles', profilesEn);

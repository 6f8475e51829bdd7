/**
 * The words of comments, subscriptions, reports and sharing (`locales/comments/<lng>.json`), added
 * to the translator when the post page's module loads: they travel with the post page, not with
 * every page of the blog (decision 009).
 */
import commentsEn from '../../../locales/comments/en.json';
import { addNamespace } from '../../rich-content/i18n';
import './subscribe-messages';

addNamespace('comments', commentsEn);

/**
 * The words of following and unfollowing (`locales/subscribe/<lng>.json`): the category page's
 * follow button needs only these, not every word of the comments.
 */
import subscribeEn from '../../../locales/subscribe/en.json';
import { addNamespace } from '../../rich-content/i18n';

addNamespace('subscribe', subscribeEn);

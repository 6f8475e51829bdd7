/**
 * The first-run screen of an empty blog (SPEC §1 onboarding render mode; issue 7): the owner, in
 * onboarding mode or in the editor's canvas, gets a welcome with "Create your first post" (the
 * post editor) and "Add sample posts" (POST /api/editor/sample-posts, then the feed's loaders run
 * again and the posts replace this screen). Loaded only when shown: the feed's script carries no
 * more than the lazy import (decision 009); its words and styles travel with it.
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import onboardingEn from '../../../locales/onboarding/en.json';
import { addNamespace } from '../../rich-content/i18n';
import { apiFetch } from '../api-client';
import { useTranslation } from '../i18n';
import './onboarding-screen.css';

// The screen's words load with it (locales/onboarding), not with every page of the blog.
addNamespace('onboarding', onboardingEn);

/** The owner-only API that fills an empty blog with sample posts. */
export const SAMPLE_POSTS_API = '/api/editor/sample-posts';

const STEPS = ['write', 'design', 'share'] as const;

/** A small open-book illustration. */
function Illustration() {
  return (
    <svg className="onboarding__art" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="46" className="onboarding__art-disc" />
      <path
        d="M20 32c9-3 19-2 28 4v34c-9-6-19-7-28-4V32zM76 32c-9-3-19-2-28 4v34c9-6 19-7 28-4V32z"
        className="onboarding__art-page"
      />
      <path d="M27 42c5-1 10 0 15 2M27 50c5-1 10 0 15 2M54 44c5-2 10-3 15-2M54 52c5-2 10-3 15-2" />
    </svg>
  );
}

/** The screen; `createPostUrl` is the blog's create-post page. */
export default function OnboardingScreen({ createPostUrl }: { createPostUrl: string }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [state, setState] = useState<'idle' | 'adding' | 'failed'>('idle');

  async function addSamples() {
    setState('adding');
    try {
      const response = await apiFetch(SAMPLE_POSTS_API, {
        method: 'POST',
        headers: { accept: 'application/json' },
      });
      // 409: the blog has posts already (another tab added them): show them all the same.
      if (!response.ok && response.status !== 409) throw new Error(String(response.status));
      // The feed's loader now finds posts and the feed takes this screen's place.
      await revalidator.revalidate();
    } catch {
      setState('failed');
    }
  }

  const isAdding = state === 'adding';
  return (
    <section className="onboarding" aria-labelledby="onboarding-title" data-onboarding>
      <Illustration />
      <p className="onboarding__eyebrow">{t('onboarding.eyebrow')}</p>
      <h1 className="onboarding__title" id="onboarding-title">
        {t('onboarding.title')}
      </h1>
      <p className="onboarding__text">{t('onboarding.text')}</p>
      <div className="onboarding__actions">
        <a className="button button--primary onboarding__action" href={createPostUrl}>
          {t('onboarding.createPost')}
        </a>
        <button
          type="button"
          className="button onboarding__action"
          onClick={addSamples}
          disabled={isAdding}
          aria-busy={isAdding}
        >
          {isAdding ? t('onboarding.adding') : t('onboarding.addSamples')}
        </button>
      </div>
      {state === 'failed' ? (
        <p className="onboarding__error" role="alert">
          {t('onboarding.failed')}
        </p>
      ) : (
        <p className="onboarding__note">{t('onboarding.samplesNote')}</p>
      )}
      <ol className="onboarding__steps" aria-label={t('onboarding.stepsLabel')}>
        {STEPS.map((step, index) => (
          <li key={step} className="onboarding__step">
            <span className="onboarding__step-number" aria-hidden="true">
              {index + 1}
            </span>
            {t(`onboarding.steps.${step}`)}
          </li>
        ))}
      </ol>
    </section>
  );
}

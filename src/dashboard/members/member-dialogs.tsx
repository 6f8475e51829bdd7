/**
 * The members screen's dialogs (issue 18): a new author (name, address, role; what the API
 * refuses shows beside its field and nothing typed is lost), and a member's deletion with the
 * choice of what happens to their posts (another author, or the trash) and comments (kept as a
 * deleted member's, or deleted).
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { MEMBER_NAME_MAX_LENGTH } from '../../domain/auth';
import type {
  AuthorCreatedView,
  AuthorRole,
  DashboardMemberView,
  MemberDeletedView,
  PostOwnerChoiceView,
} from '../../domain/dashboard-members';
import { useToast } from '../../widget/components/toasts';
import { useTranslation } from '../../widget/i18n';
import { Dialog, describedBy, Field } from '../categories/dialog';
import { type ApiResult, callApi } from '../components/api';

const k = 'dashboardMembers';

type Problem = Extract<ApiResult<unknown>, { ok: false }>;

/** The toast of a refused member action. */
export function refusalMessage(problem: Problem, t: (key: string) => string): string {
  if (problem.code === 'own_role') return t(`${k}.toast.ownRole`);
  if (problem.code === 'last_owner') return t(`${k}.toast.lastOwner`);
  if (problem.status === 401 || problem.status === 403) return t(`${k}.toast.forbidden`);
  return t(`${k}.toast.technicalIssue`);
}

type AuthorErrors = { name?: string; email?: string; role?: string };

/** The new-author dialog. */
export function NewAuthorDialog(props: {
  isOpen: boolean;
  roles: AuthorRole[];
  onClose(): void;
  onCreated(member: DashboardMemberView): void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AuthorRole>(
    props.roles.includes('writer') ? 'writer' : (props.roles[0] ?? 'writer'),
  );
  const [errors, setErrors] = useState<AuthorErrors>({});
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    const found: AuthorErrors = {};
    if (name.trim() === '') found.name = t(`${k}.fieldErrors.nameRequired`);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      found.email = t(`${k}.fieldErrors.emailInvalid`);
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setIsBusy(true);
    const result = await callApi<AuthorCreatedView>('POST', '/api/dashboard/members/authors', {
      name,
      email,
      role,
    });
    setIsBusy(false);
    if (result.ok) {
      toast.show({
        kind: 'success',
        message: t(`${k}.toast.authorCreated`, { email: result.value.member.email }),
      });
      setName('');
      setEmail('');
      setErrors({});
      props.onCreated(result.value.member);
      return;
    }
    const fields = result.fields ?? {};
    const next: AuthorErrors = {};
    if (fields.name !== undefined) {
      next.name = t(
        fields.name.includes('long')
          ? `${k}.fieldErrors.nameTooLong`
          : `${k}.fieldErrors.nameRequired`,
      );
    }
    if (fields.email !== undefined) {
      next.email = t(
        result.code === 'email_taken'
          ? `${k}.fieldErrors.emailTaken`
          : `${k}.fieldErrors.emailInvalid`,
      );
    }
    if (fields.role !== undefined) next.role = t(`${k}.fieldErrors.role`);
    setErrors(next);
    if (Object.keys(next).length > 0) {
      document.getElementById(`${id}-${Object.keys(next)[0]}`)?.focus();
    } else {
      toast.show({ kind: 'error', message: refusalMessage(result, t) });
    }
  }

  const d = `${k}.authorDialog`;
  return (
    <Dialog
      isOpen={props.isOpen}
      title={t(`${d}.title`)}
      onClose={props.onClose}
      onSubmit={handleSubmit}
      footer={
        <>
          <button type="button" className="dash-button" onClick={props.onClose}>
            {t(`${d}.cancel`)}
          </button>
          <button type="submit" className="dash-button dash-button--primary" disabled={isBusy}>
            {t(`${d}.create`)}
          </button>
        </>
      }
    >
      <div className="tx-form-stack">
        <p className="mb-dialog__text">{t(`${d}.text`)}</p>
        <Field id={`${id}-name`} label={t(`${d}.name`)} error={errors.name}>
          <input
            id={`${id}-name`}
            className="tx-input"
            value={name}
            maxLength={MEMBER_NAME_MAX_LENGTH}
            autoComplete="off"
            onChange={(e) => {
              setName(e.target.value);
              setErrors((current) => ({ ...current, name: undefined }));
            }}
            {...describedBy(`${id}-name`, errors.name, false)}
          />
        </Field>
        <Field id={`${id}-email`} label={t(`${d}.email`)} error={errors.email}>
          <input
            id={`${id}-email`}
            className="tx-input"
            type="email"
            value={email}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setEmail(e.target.value);
              setErrors((current) => ({ ...current, email: undefined }));
            }}
            {...describedBy(`${id}-email`, errors.email, false)}
          />
        </Field>
        <Field id={`${id}-role`} label={t(`${d}.role`)} error={errors.role}>
          <select
            id={`${id}-role`}
            className="tx-input"
            value={role}
            onChange={(e) => setRole(e.target.value as AuthorRole)}
            {...describedBy(`${id}-role`, errors.role, false)}
          >
            {props.roles.map((option) => (
              <option key={option} value={option}>
                {t(`${k}.roles.${option}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </Dialog>
  );
}

/** The delete dialog of `member` (closed when null). */
export function DeleteMemberDialog(props: {
  member: DashboardMemberView | null;
  onClose(): void;
  onDeleted(memberId: string): void;
}) {
  return <DeleteBody key={props.member?.id ?? 'none'} {...props} />;
}

function DeleteBody({
  member,
  onClose,
  onDeleted,
}: {
  member: DashboardMemberView | null;
  onClose(): void;
  onDeleted(memberId: string): void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const [posts, setPosts] = useState<'reassign' | 'trash'>('trash');
  const [heir, setHeir] = useState('');
  const [comments, setComments] = useState<'keep' | 'delete'>('keep');
  const [heirs, setHeirs] = useState<PostOwnerChoiceView[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const d = `${k}.deleteDialog`;

  useEffect(() => {
    if (!member) return;
    let isCurrent = true;
    void callApi<{ owners: PostOwnerChoiceView[] }>(
      'GET',
      '/api/dashboard/members/post-owners',
    ).then((result) => {
      if (isCurrent && result.ok) {
        setHeirs(result.value.owners.filter((owner) => owner.id !== member.id));
      }
    });
    return () => {
      isCurrent = false;
    };
  }, [member]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!member || isBusy) return;
    if (posts === 'reassign' && heir === '') {
      setError(t(`${k}.fieldErrors.heirRequired`));
      document.getElementById(`${id}-heir`)?.focus();
      return;
    }
    setIsBusy(true);
    const result = await callApi<MemberDeletedView>(
      'DELETE',
      `/api/dashboard/members/${member.id}`,
      {
        posts,
        comments,
        ...(posts === 'reassign' ? { reassignTo: heir } : {}),
      },
    );
    setIsBusy(false);
    if (result.ok) {
      toast.show({ kind: 'success', message: t(`${k}.toast.deleted`) });
      onDeleted(member.id);
      return;
    }
    if (result.fields?.reassignTo !== undefined) {
      setError(t(`${k}.fieldErrors.heirRequired`));
      return;
    }
    toast.show({ kind: 'error', message: refusalMessage(result, t) });
  }

  const name = member?.member.name ?? '';
  return (
    <Dialog
      isOpen={member !== null}
      title={t(`${d}.title`, { name })}
      onClose={onClose}
      onSubmit={handleSubmit}
      footer={
        <>
          <button type="button" className="dash-button" onClick={onClose}>
            {t(`${d}.cancel`)}
          </button>
          <button type="submit" className="dash-button dash-button--danger" disabled={isBusy}>
            {t(`${d}.confirm`)}
          </button>
        </>
      }
    >
      <div className="tx-form-stack">
        <p className="mb-dialog__text">{t(`${d}.text`)}</p>
        <fieldset className="tx-fieldset mb-choice">
          <legend>{t(`${d}.posts`, { count: member?.postCount ?? 0 })}</legend>
          <label className="mb-choice__option">
            <input
              type="radio"
              name={`${id}-posts`}
              checked={posts === 'trash'}
              onChange={() => {
                setPosts('trash');
                setError(null);
              }}
            />
            {t(`${d}.trash`)}
          </label>
          <label className="mb-choice__option">
            <input
              type="radio"
              name={`${id}-posts`}
              checked={posts === 'reassign'}
              onChange={() => setPosts('reassign')}
            />
            {t(`${d}.reassign`)}
          </label>
          {posts === 'reassign' ? (
            <Field id={`${id}-heir`} label={t(`${d}.heir`)} error={error}>
              <select
                id={`${id}-heir`}
                className="tx-input"
                value={heir}
                onChange={(e) => {
                  setHeir(e.target.value);
                  setError(null);
                }}
                {...describedBy(`${id}-heir`, error, false)}
              >
                <option value="">{t(`${d}.chooseHeir`)}</option>
                {heirs.map((owner) => (
                  <option key={owner.id} value={owner.id}>
                    {owner.name} · {t(`${k}.roles.${owner.role}`)}
                  </option>
                ))}
              </select>
            </Field>
          ) : null}
        </fieldset>
        <fieldset className="tx-fieldset mb-choice">
          <legend>{t(`${d}.comments`, { count: member?.commentCount ?? 0 })}</legend>
          <label className="mb-choice__option">
            <input
              type="radio"
              name={`${id}-comments`}
              checked={comments === 'keep'}
              onChange={() => setComments('keep')}
            />
            {t(`${d}.keep`)}
          </label>
          <label className="mb-choice__option">
            <input
              type="radio"
              name={`${id}-comments`}
              checked={comments === 'delete'}
              onChange={() => setComments('delete')}
            />
            {t(`${d}.deleteComments`)}
          </label>
        </fieldset>
      </div>
    </Dialog>
  );
}

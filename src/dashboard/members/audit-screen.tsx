/**
 * The audit log (issue 18): one line per action, newest first, in the site's language: when
 * (date and time), who, and what, with the details of a deletion. Names are the snapshots the log
 * kept, so the lines read right after a rename or a deletion.
 */
import { useState } from 'react';
import {
  AUDIT_ACTIONS,
  type AuditEventView,
  type AuditPageView,
} from '../../domain/dashboard-members';
import { useToast } from '../../widget/components/toasts';
import { useTranslation } from '../../widget/i18n';
import { callApi } from '../components/api';
import { DashboardPage } from '../components/page';
import '../categories/taxonomy.css';
import './members.css';

const k = 'dashboardAudit';
const formatters = new Map<string, Intl.DateTimeFormat>();

/** When an event happened, day and time, in UTC so server and browser render alike. */
function eventTime(iso: string, language: string): string {
  let format = formatters.get(language);
  if (!format) {
    const options = {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    } as const;
    try {
      format = new Intl.DateTimeFormat(language, options);
    } catch {
      format = new Intl.DateTimeFormat('en', options);
    }
    formatters.set(language, format);
  }
  return `${format.format(new Date(iso))} UTC`;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What an event says, as a sentence after its actor's name, and its details line. */
export function describeEvent(
  event: AuditEventView,
  t: Translate,
): { what: string; details: string } {
  const role = (value: unknown) =>
    t(`dashboardMembers.roles.${String(value)}`, { defaultValue: String(value) });
  const target = event.targetName || t(`${k}.deletedMember`);
  const d = event.details;
  const values = { target, from: role(d.from), to: role(d.to), role: role(d.role) };
  // An action this screen has no words for yet reads as a plain sentence, never as its raw code.
  const what = (AUDIT_ACTIONS as readonly string[]).includes(event.action)
    ? t(`${k}.actions.${event.action}`, values)
    : t(`${k}.actions.other`, values);
  let details = '';
  if (event.action === 'member.deleted') {
    const posts =
      d.postsTo === 'reassign'
        ? t(`${k}.postsReassigned`, {
            count: Number(d.posts ?? 0),
            name: String(d.reassignedTo ?? ''),
          })
        : t(`${k}.postsTrashed`, { count: Number(d.posts ?? 0) });
    const comments =
      d.commentsTo === 'delete'
        ? t(`${k}.commentsDeleted`, { count: Number(d.comments ?? 0) })
        : t(`${k}.commentsKept`, { count: Number(d.comments ?? 0) });
    details = t(`${k}.deletedDetails`, { posts, comments });
  }
  return { what, details };
}

/** The audit log screen, from the loader's newest page. */
export function AuditScreen({ initial }: { initial: AuditPageView }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [events, setEvents] = useState(initial.events);
  const [cursor, setCursor] = useState(initial.nextCursor);
  const [isLoading, setIsLoading] = useState(false);

  async function handleMore() {
    if (!cursor) return;
    setIsLoading(true);
    const result = await callApi<AuditPageView>(
      'GET',
      `/api/dashboard/audit?${new URLSearchParams({ cursor })}`,
    );
    setIsLoading(false);
    if (!result.ok) {
      toast.show({ kind: 'error', message: t(`${k}.toast.technicalIssue`) });
      return;
    }
    setEvents((current) => [...current, ...result.value.events]);
    setCursor(result.value.nextCursor);
  }

  return (
    <DashboardPage title={t(`${k}.title`)} description={t(`${k}.lead`)}>
      {events.length === 0 ? (
        <div className="dash-empty">
          <p>{t(`${k}.empty`)}</p>
        </div>
      ) : (
        <table className="dash-table mb-table" aria-busy={isLoading}>
          <thead>
            <tr>
              <th scope="col">{t(`${k}.columns.when`)}</th>
              <th scope="col">{t(`${k}.columns.who`)}</th>
              <th scope="col">{t(`${k}.columns.what`)}</th>
            </tr>
          </thead>
          <tbody>
            {events.map((event) => {
              const { what, details } = describeEvent(event, t);
              return (
                <tr key={event.id} data-audit-event={event.action}>
                  <td data-label={t(`${k}.columns.when`)}>
                    <time dateTime={event.createdAt}>
                      {eventTime(event.createdAt, i18n.language)}
                    </time>
                  </td>
                  <td data-label={t(`${k}.columns.who`)}>{event.actorName || t(`${k}.system`)}</td>
                  <td data-label={t(`${k}.columns.what`)} className="mb-audit__what">
                    <span>
                      {what}
                      {details ? <span className="mb-audit__details">{details}</span> : null}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {cursor ? (
        <div className="tx-more">
          <button type="button" className="dash-button" disabled={isLoading} onClick={handleMore}>
            {isLoading ? t(`${k}.loading`) : t(`${k}.more`)}
          </button>
        </div>
      ) : null}
    </DashboardPage>
  );
}

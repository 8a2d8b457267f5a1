/**
 * `/home/admin` and `/home/admin/seats` (#32; spec 000 §2, §6 — the route guard lets in only those
 * who manage seats). The index shows the team's plan, seats, and where members and API keys are
 * managed; the seats screen lists seated users (avatar, name, remove), adds members through a
 * picker (at most 10, disabled when every seat is taken) and opens "buy more seats" in a new window.
 * The server decides: a seat added by another admin meanwhile makes this one's add `SeatsFull`.
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { SeatsDto, SeatUserDto } from '../../api/contract';
import { usePlansTranslation } from '../services/plan/i18n';
import { forgetPlan, upgradeLink, usePlan } from '../services/plan/plan';
import { ErrorLine, useErrorText } from '../services/sync/errors';
import { serverApi } from '../services/sync/server';
import { PlanSummary } from './PlanSummary';
import './plans.css';

/** The most users the chooser takes at once (spec 000 §5, §9). */
const CHOOSER_MAX = 10;

function Avatar({ name }: { name: string }) {
  return (
    <span className="avatar" aria-hidden="true">
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

export function AdminIndexScreen() {
  const { t } = usePlansTranslation();
  const read = usePlan();
  const errorText = useErrorText();
  if (read.status === 'failed') return <ErrorLine error={errorText(read.error)} />;
  if (read.status !== 'ready') return <p aria-busy="true">…</p>;
  const { plan } = read;
  return (
    <article className="screen plans-screen" data-testid="admin-index">
      <h1>{plan.teamName}</h1>
      <dl className="admin-facts">
        <dt>{t('admin.plan')}</dt>
        <dd>
          <PlanSummary plan={plan} />
        </dd>
        <dt>{t('admin.seats')}</dt>
        <dd>
          {t('admin.seatsValue', { assigned: plan.assignedSeats, total: plan.totalSeats })}{' '}
          <Link to="/home/admin/seats" className="button secondary">
            {t('admin.manageSeats')}
          </Link>
        </dd>
        <dt>{t('admin.members')}</dt>
        <dd>
          {t('admin.membersHint')}{' '}
          <Link to="/o/$teamId/settings/members" params={{ teamId: plan.teamId }} className="button secondary">
            {t('admin.openTeam')}
          </Link>
        </dd>
      </dl>
    </article>
  );
}

export function SeatsScreen() {
  const { t, i18n } = usePlansTranslation();
  const read = usePlan();
  const errorText = useErrorText();
  const [seats, setSeats] = useState<SeatsDto>();
  const [error, setError] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [query, setQuery] = useState('');
  const [candidates, setCandidates] = useState<SeatUserDto[]>([]);
  const [chosen, setChosen] = useState<string[]>([]);

  const show = useCallback((next: SeatsDto) => {
    setSeats(next);
    forgetPlan();
  }, []);
  useEffect(() => {
    serverApi()
      .seats.list()
      .then(setSeats, (e: unknown) => setError(errorText(e)));
  }, [errorText]);
  useEffect(() => {
    if (!picking) return;
    let alive = true;
    serverApi()
      .seats.search(query)
      .then(
        (found) => alive && setCandidates(found),
        (e: unknown) => alive && setError(errorText(e)),
      );
    return () => {
      alive = false;
    };
  }, [picking, query, errorText]);

  const act = async (work: () => Promise<SeatsDto>) => {
    setError(null);
    try {
      show(await work());
      return true;
    } catch (e) {
      setError(errorText(e));
      return false;
    }
  };
  const full = seats ? seats.assigned >= seats.total : true;
  const room = seats ? Math.max(0, Math.min(CHOOSER_MAX, seats.total - seats.assigned)) : 0;
  const buy = upgradeLink(read.status === 'ready' ? read.plan.upgradeUrl : undefined, i18n.language);

  return (
    <article className="screen plans-screen" data-testid="seats-screen">
      <h1>{t('admin.seats')}</h1>
      {seats && (
        <p className="seat-count" data-testid="seat-count">
          {t('seats.count', { assigned: seats.assigned, total: seats.total })}
        </p>
      )}
      <div className="plan-actions">
        <button
          type="button"
          className="button primary"
          disabled={full}
          onClick={() => {
            setChosen([]);
            setPicking(true);
          }}
        >
          {t('seats.add')}
        </button>
        {buy && (
          <button
            type="button"
            className="button secondary"
            onClick={() => window.open(buy, '_blank', 'noopener,noreferrer')}
          >
            {t('seats.buyMore')}
          </button>
        )}
        {seats && full && <span className="muted">{t('seats.full')}</span>}
      </div>
      <ErrorLine error={error} />
      {picking && !full && (
        <section className="seat-picker" aria-label={t('seats.add')}>
          <label>
            {t('seats.search')}
            <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
          </label>
          <p className="muted">{t('seats.pickHint')}</p>
          {candidates.length === 0 && <p className="muted">{t('seats.noCandidates')}</p>}
          <ul className="seat-list">
            {candidates.map((user) => {
              const checked = chosen.includes(user.id);
              return (
                <li key={user.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={!checked && chosen.length >= room}
                      onChange={() =>
                        setChosen((list) => (checked ? list.filter((id) => id !== user.id) : [...list, user.id]))
                      }
                    />
                    <Avatar name={user.name || user.email} /> {user.name} <span className="muted">{user.email}</span>
                  </label>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="button primary"
            disabled={chosen.length === 0}
            onClick={async () => {
              if (await act(() => serverApi().seats.add(chosen))) setPicking(false);
            }}
          >
            {t('seats.addChosen')}
          </button>
        </section>
      )}
      {seats && seats.users.length === 0 && <p className="muted">{t('seats.none')}</p>}
      <ul className="seat-list" data-testid="seated-users">
        {seats?.users.map((user) => (
          <li key={user.id}>
            <Avatar name={user.name || user.email} />
            <span className="seat-name">{user.name}</span>
            <span className="muted">{user.email}</span>
            <button
              type="button"
              className="button ghost"
              aria-label={t('seats.removeNamed', { name: user.name })}
              onClick={() => void act(() => serverApi().seats.remove(user.id))}
            >
              {t('seats.remove')}
            </button>
          </li>
        ))}
      </ul>
    </article>
  );
}

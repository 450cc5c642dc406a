// /myData: everything the association holds about the member (/getMyData), as a page to read or print, with the
// same copy as a JSON download (docs/decisions/265). Lists rather than tables: it reads on a phone.
import { Link } from 'react-router-dom';
import { formatDate, formatDateTime } from '../../../core/festival';
import { t } from '../../../core/i18n';
import { tc } from '../../../core/messages/channels.en';
import { memberEn, tm } from '../../../core/messages/member.en';
import { formatINR, rupeesToPaise } from '../../../core/money';
import { paths } from '../../lib/paths';
import { useLoad } from '../../lib/use-action';
import { getMyData } from './api';
import { downloadJson } from './YourData';
import './profile.css';

const STATUS: Record<string, Parameters<typeof tm>[0]> = {
  Success: 'status.success',
  'Pending Payment': 'status.pendingPayment',
  'Pending Approval': 'status.pendingApproval',
  Failed: 'status.failed',
  Rejected: 'status.rejected',
};
const statusName = (s: string) => (STATUS[s] ? tm(STATUS[s]) : s);
const actionName = (a: string) => {
  const key = `data.action.${a}`;
  return key in memberEn ? tm(key as keyof typeof memberEn) : a;
};
const languageName = (l: string | null) => (l === 'bn-IN' ? 'বাংলা' : l === 'en' ? 'English' : tm('data.none'));
const ms = (iso: string | null) => (iso ? Date.parse(iso) : null);
const kindName = (k: string) => tc(`ch.kind.${k}` as Parameters<typeof tc>[0]);
const channelName = (c: string) => tc(`ch.channel.${c}` as Parameters<typeof tc>[0]);

export function MyDataPage() {
  const { data } = useLoad(getMyData, []);

  if (!data) return <p className="loading">{t('layout.loading')}</p>;
  const a = data.account;
  const x = data.address;
  return (
    <section className="page my-data">
      <h1>{tm('data.pageTitle')}</h1>
      <p className="hint">{tm('data.exportedAt', { date: formatDateTime(ms(data.exportedAt)) })}</p>
      <div className="data-actions">
        <button type="button" className="btn btn-primary" onClick={() => downloadJson(data)}>
          {tm('data.download')}
        </button>
        <Link className="btn" to={paths.profile}>
          {tm('data.back')}
        </Link>
      </div>

      <h2>{tm('data.account')}</h2>
      <dl className="data-list">
        <dt>{tm('profile.name')}</dt>
        <dd>{a.name}</dd>
        <dt>{tm('profile.email')}</dt>
        <dd>
          {a.email} {a.emailVerified ? `(${tm('profile.emailVerified')})` : ''}
        </dd>
        <dt>{tm('profile.mobile')}</dt>
        <dd>{a.mobile}</dd>
        <dt>{tm('data.language')}</dt>
        <dd>{languageName(a.language)}</dd>
        <dt>{tm('data.createdAt')}</dt>
        <dd>{formatDate(ms(a.createdAt))}</dd>
      </dl>
      {a.pendingEmailChange ? <p>{tm('data.pendingEmail', { email: a.pendingEmailChange.email })}</p> : null}

      <h2>{tm('data.address')}</h2>
      {x ? (
        <p className="data-address">
          {[x.addrLine1, x.addrLine2, x.city, x.state, x.pin].filter(Boolean).join(', ')}
          {x.additionalEmail ? <span> · {x.additionalEmail}</span> : null}
          {x.additionalMobile ? <span> · {x.additionalMobile}</span> : null}
        </p>
      ) : (
        <p>{tm('data.none')}</p>
      )}

      <h2>{tm('data.contributions')}</h2>
      {data.contributions.length === 0 ? <p>{tm('data.none')}</p> : null}
      <ul className="data-items">
        {data.contributions.map((c) => (
          <li key={c.orderRcptId}>
            <strong>{c.orderRcptId}</strong> · {formatDate(ms(c.orderDate))} · {statusName(c.status)} ·{' '}
            {formatINR(rupeesToPaise(c.orderTotal))}
            <br />
            <span className="hint">
              {c.lines.map((l) => `${l.name} x ${l.qty}`).join(', ')}
              {c.transactionId ? ` · ${c.transactionId}` : ''}
            </span>
          </li>
        ))}
      </ul>

      <h2>{tm('data.consent')}</h2>
      <ul className="data-items">
        {data.consent.current.map((c) => (
          <li key={`${c.kind}/${c.channel}`}>
            {kindName(c.kind)} · {channelName(c.channel)}: {c.on ? tm('data.on') : tm('data.off')}
            {c.since ? ` (${formatDate(ms(c.since))})` : ''}
          </li>
        ))}
      </ul>
      <h3>{tm('data.consentHistory')}</h3>
      {data.consent.history.length === 0 ? <p>{tm('data.none')}</p> : null}
      <ul className="data-items">
        {data.consent.history.map((h) => (
          <li key={`${h.at}/${h.kind}/${h.channel}`}>
            {formatDateTime(ms(h.at))}: {kindName(h.kind)} · {channelName(h.channel)} ·{' '}
            {h.granted ? tm('data.granted') : tm('data.withdrawn')}
          </li>
        ))}
      </ul>

      <h2>{tm('data.receipts')}</h2>
      {data.receipts.length === 0 ? <p>{tm('data.none')}</p> : null}
      <ul className="data-items">
        {data.receipts.map((r) => (
          <li key={r.number}>
            <strong>{r.number}</strong> · {r.orderRcptId} · {formatDate(ms(r.issuedAt))} ·{' '}
            {formatINR(rupeesToPaise(r.amount))}
            {r.billingName || r.pan || r.gstin ? (
              <span className="hint"> · {[r.billingName, r.pan, r.gstin].filter(Boolean).join(', ')}</span>
            ) : null}
          </li>
        ))}
      </ul>

      <h2>{tm('data.waitingLists')}</h2>
      {data.waitingLists.length === 0 ? <p>{tm('data.none')}</p> : null}
      <ul className="data-items">
        {data.waitingLists.map((w, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a list read once, never reordered
          <li key={i}>
            {w.product} x {w.qty} · {w.state} · {formatDate(ms(w.joinedAt))}
          </li>
        ))}
      </ul>

      <h2>{tm('data.emails')}</h2>
      {data.emails.length === 0 ? <p>{tm('data.none')}</p> : null}
      <ul className="data-items">
        {data.emails.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a list read once, never reordered
          <li key={i}>
            {formatDateTime(ms(e.sentAt))}: {e.subject}
          </li>
        ))}
      </ul>
      {data.messages.length > 0 ? (
        <>
          <h2>{tm('data.messages')}</h2>
          <ul className="data-items">
            {data.messages.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a list read once, never reordered
              <li key={i}>
                {formatDateTime(ms(m.createdAt))}: {kindName(m.kind)} · {channelName(m.channel)} · {m.state}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2>{tm('data.sessions')}</h2>
      <ul className="data-items">
        {data.sessions.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a list read once, never reordered
          <li key={i}>
            {formatDateTime(ms(s.startedAt))}
            {s.endedAt ? ` · ${tm('data.sessionEnded', { date: formatDateTime(ms(s.endedAt)) })}` : ''}
          </li>
        ))}
      </ul>

      <h2>{tm('data.activity')}</h2>
      {data.activity.length === 0 ? <p>{tm('data.none')}</p> : null}
      <ul className="data-items">
        {data.activity.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a list read once, never reordered
          <li key={i}>
            {formatDateTime(ms(e.at))}: {actionName(e.action)}
          </li>
        ))}
      </ul>
    </section>
  );
}

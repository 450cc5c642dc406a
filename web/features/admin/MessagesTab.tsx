// The admin's Messages tab: compose an announcement in English and Bengali, choose its audience, see it
// on a phone, test it on oneself, send it now or at a time; the announcements with their report per channel; and
// what reached one member on which channel. Loaded with the tab, not with the admin page.
import { type FormEvent, useEffect, useState } from 'react';
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  AUDIENCES,
  type Audience,
  CHANNELS,
  type Channel,
} from '../../../core/channels';
import {
  type AnnouncementView,
  type AnnouncementsView,
  type AudienceCount,
  type MemberDeliveries,
  memberDeliveriesRequest,
} from '../../../core/contracts/channels';
import { formatDateTime } from '../../../core/festival';
import { format, getLocale, t } from '../../../core/i18n';
import { type ChannelsKey, tc } from '../../../core/messages/channels.en';
import { notifyBn } from '../../../core/messages/notify.bn';
import { notifyEn } from '../../../core/messages/notify.en';
import { Dialog } from '../../components/Dialog';
import { useToast } from '../../components/toast';
import {
  createAnnouncement,
  getAnnouncementAudience,
  getAnnouncements,
  getMemberDeliveries,
  sendAnnouncementTest,
  stopAnnouncement,
} from '../../lib/channels-api';
import { useAction, useLoad } from '../../lib/use-action';
import './messages.css';
import { ScrollBox } from './ScrollBox';

type Texts = { titleEn: string; bodyEn: string; titleBn: string; bodyBn: string };
const EMPTY: Texts = { titleEn: '', bodyEn: '', titleBn: '', bodyBn: '' };
const newKey = () => crypto.randomUUID().replace(/-/g, '');
const channelName = (c: Channel) => tc(`ch.channel.${c}`);

export function MessagesTab() {
  const { data: list, reload } = useLoad(getAnnouncements, []);
  const load = () => void reload();
  if (!list) return <p className="loading">{t('layout.loading')}</p>;
  return (
    <div className="messages-tab">
      <Composer passes={list.passes} onSent={load} />
      <Announcements list={list.announcements} onChange={load} />
      <Deliveries />
    </div>
  );
}

// ---- the composer ----

function Composer({ passes, onSent }: { passes: AnnouncementsView['passes']; onSent: () => void }) {
  const [text, setText] = useState<Texts>(EMPTY);
  const [audience, setAudience] = useState<Audience>('pass');
  const [productId, setProductId] = useState<number | undefined>(passes[0]?.id);
  const [operational, setOperational] = useState(false);
  const [later, setLater] = useState(false);
  const [sendAt, setSendAt] = useState('');
  const [reach, setReach] = useState<AudienceCount | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Texts | 'sendAt', string>>>({});
  const [confirm, setConfirm] = useState(false);
  const [requestKey, setRequestKey] = useState(newKey);
  const { run, busy } = useAction();
  const toast = useToast();

  useEffect(() => {
    let live = true;
    setReach(null);
    getAnnouncementAudience(audience === 'pass' ? { audience, productId } : { audience })
      .then((r) => live && setReach(r))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [audience, productId]);

  /** Both languages are required; a missing one is said under its field, which takes the focus. */
  const check = (form: HTMLFormElement | null, withTime: boolean) => {
    const missing: typeof errors = {};
    for (const k of Object.keys(EMPTY) as (keyof Texts)[]) if (!text[k].trim()) missing[k] = tc('adm.msg.required');
    if (withTime && later && !sendAt) missing.sendAt = tc('adm.msg.sendAtRequired');
    setErrors(missing);
    const first = Object.keys(missing)[0];
    if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return !first;
  };

  /** A field's problem goes as soon as it is written. */
  const edit = (k: keyof Texts, value: string) => {
    setText({ ...text, [k]: value });
    if (errors[k] && value.trim()) setErrors({ ...errors, [k]: undefined });
  };

  const field = (k: keyof Texts, label: string, long: boolean) => (
    <div className={errors[k] ? 'field field-invalid' : 'field'}>
      <label htmlFor={`msg-${k}`}>{label}</label>
      {long ? (
        <textarea
          id={`msg-${k}`}
          name={k}
          rows={4}
          maxLength={ANNOUNCEMENT_BODY_MAX}
          lang={k.endsWith('Bn') ? 'bn-IN' : 'en'}
          value={text[k]}
          aria-invalid={errors[k] ? true : undefined}
          aria-describedby={errors[k] ? `msg-${k}-err` : undefined}
          onChange={(e) => edit(k, e.target.value)}
        />
      ) : (
        <input
          id={`msg-${k}`}
          name={k}
          maxLength={ANNOUNCEMENT_TITLE_MAX}
          lang={k.endsWith('Bn') ? 'bn-IN' : 'en'}
          value={text[k]}
          aria-invalid={errors[k] ? true : undefined}
          aria-describedby={errors[k] ? `msg-${k}-err` : undefined}
          onChange={(e) => edit(k, e.target.value)}
        />
      )}
      {errors[k] ? (
        <small className="field-error" id={`msg-${k}-err`} role="alert">
          {errors[k]}
        </small>
      ) : null}
    </div>
  );

  const test = (form: HTMLFormElement | null) => {
    if (!check(form, false)) return;
    void run(async () => {
      const r = await sendAnnouncementTest(text);
      const results = r.channels.map((c) => `${channelName(c.channel)} ${resultOf(c.state, null)}`).join(', ');
      toast.success(`${r.message} ${tc('adm.msg.testResult', { results })}`);
    });
  };

  const send = () =>
    run(async () => {
      const r = await createAnnouncement({
        ...text,
        audience,
        ...(audience === 'pass' && productId ? { productId } : {}),
        operational,
        ...(later && sendAt ? { sendAt: new Date(sendAt).getTime() } : {}),
        requestKey,
      });
      setConfirm(false);
      toast.success(r.message);
      setText(EMPTY);
      setOperational(false);
      setLater(false);
      setSendAt('');
      setRequestKey(newKey());
      onSent();
    });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (check(e.currentTarget, true)) setConfirm(true);
  };

  return (
    <section aria-labelledby="msg-compose">
      <h2 id="msg-compose">{tc('adm.msg.compose')}</h2>
      <form className="msg-form" onSubmit={onSubmit} noValidate>
        <fieldset className="msg-lang">
          <legend>{tc('adm.msg.english')}</legend>
          {field('titleEn', tc('adm.msg.titleField'), false)}
          {field('bodyEn', tc('adm.msg.bodyField'), true)}
        </fieldset>
        <fieldset className="msg-lang">
          <legend>{tc('adm.msg.bengali')}</legend>
          {field('titleBn', tc('adm.msg.titleField'), false)}
          {field('bodyBn', tc('adm.msg.bodyField'), true)}
        </fieldset>
        <div className="field">
          <label htmlFor="msg-audience">{tc('adm.msg.audience')}</label>
          <select id="msg-audience" value={audience} onChange={(e) => setAudience(e.target.value as Audience)}>
            {AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {tc(`adm.msg.aud.${a}`)}
              </option>
            ))}
          </select>
        </div>
        {audience === 'pass' && (
          <div className="field">
            <label htmlFor="msg-pass">{tc('adm.msg.pass')}</label>
            <select id="msg-pass" value={productId ?? ''} onChange={(e) => setProductId(Number(e.target.value))}>
              {passes.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <p className="hint" data-testid="msg-reach" aria-live="polite">
          {reach ? tc('adm.msg.reach', { members: reach.members, ...reach.reach }) : t('layout.loading')}
        </p>
        <label className="msg-check">
          <input type="checkbox" checked={operational} onChange={(e) => setOperational(e.target.checked)} />
          {tc('adm.msg.operational')}
        </label>
        <fieldset className="msg-when">
          <legend>{tc('adm.msg.when')}</legend>
          <label className="msg-check">
            <input type="radio" name="when" checked={!later} onChange={() => setLater(false)} />
            {tc('adm.msg.now')}
          </label>
          <label className="msg-check">
            <input type="radio" name="when" checked={later} onChange={() => setLater(true)} />
            {tc('adm.msg.later')}
          </label>
          {later && (
            <div className={errors.sendAt ? 'field field-invalid' : 'field'}>
              <label htmlFor="msg-sendAt">{tc('adm.msg.sendAt')}</label>
              <input
                id="msg-sendAt"
                name="sendAt"
                type="datetime-local"
                value={sendAt}
                aria-invalid={errors.sendAt ? true : undefined}
                aria-describedby={errors.sendAt ? 'msg-sendAt-err' : undefined}
                onChange={(e) => setSendAt(e.target.value)}
              />
              {errors.sendAt ? (
                <small className="field-error" id="msg-sendAt-err" role="alert">
                  {errors.sendAt}
                </small>
              ) : null}
            </div>
          )}
        </fieldset>
        <PhonePreview text={text} />
        <div className="msg-actions">
          <button type="button" className="btn" disabled={busy} onClick={(e) => test(e.currentTarget.form)}>
            {tc('adm.msg.test')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {later ? tc('adm.msg.schedule') : tc('adm.msg.send')}
          </button>
        </div>
      </form>
      {confirm && (
        <Dialog title={tc('adm.msg.confirmTitle')} onClose={() => setConfirm(false)}>
          <p>{tc('adm.msg.confirmBody', { members: reach?.members ?? 0 })}</p>
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={() => setConfirm(false)}>
              {tc('adm.msg.cancel')}
            </button>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void send()}>
              {later ? tc('adm.msg.schedule') : tc('adm.msg.send')}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

/** The announcement as it arrives on a phone: the notification, the WhatsApp template, the email's subject. */
function PhonePreview({ text }: { text: Texts }) {
  const [lang, setLang] = useState<'en' | 'bn'>(getLocale() === 'bn-IN' ? 'bn' : 'en');
  const bn = lang === 'bn';
  const cat = bn ? notifyBn : notifyEn;
  const title = (bn ? text.titleBn : text.titleEn) || '…';
  const body = (bn ? text.bodyBn : text.bodyEn) || '…';
  return (
    <section className="msg-preview" aria-labelledby="msg-preview-title">
      <h3 id="msg-preview-title">{tc('adm.msg.preview')}</h3>
      <fieldset className="msg-preview-lang">
        <legend>{tc('adm.msg.previewLang')}</legend>
        <label className="msg-check">
          <input type="radio" name="preview-lang" checked={!bn} onChange={() => setLang('en')} />
          English
        </label>
        <label className="msg-check">
          <input type="radio" name="preview-lang" checked={bn} onChange={() => setLang('bn')} />
          <span lang="bn-IN">বাংলা</span>
        </label>
      </fieldset>
      <div className="phone" lang={bn ? 'bn-IN' : 'en'} data-testid="phone-preview">
        <p className="phone-label">{tc('adm.msg.previewPush')}</p>
        <div className="phone-push">
          <strong>{title}</strong>
          <span>{body}</span>
        </div>
        <p className="phone-label">{tc('adm.msg.previewWhatsapp')}</p>
        <div className="phone-wa">
          <p>{format(cat['notify.announcement.body'], { title, body })}</p>
          <span className="phone-wa-button">{cat['notify.announcement.button']}</span>
        </div>
        <p className="phone-label">{tc('adm.msg.previewEmail')}</p>
        <div className="phone-mail">{title}</div>
      </div>
    </section>
  );
}

// ---- the announcements and their reports ----

function stateOf(a: AnnouncementView) {
  return a.state === 'scheduled'
    ? tc('adm.msg.state.scheduled', { time: formatDateTime(a.sendAt) })
    : tc(`adm.msg.state.${a.state}` as ChannelsKey);
}

function Announcements({ list, onChange }: { list: AnnouncementView[]; onChange: () => void }) {
  const { run, busy } = useAction();
  const toast = useToast();
  const bn = getLocale() === 'bn-IN';
  return (
    <section aria-labelledby="msg-list">
      <div className="msg-list-head">
        <h2 id="msg-list">{tc('adm.msg.list')}</h2>
        <button type="button" className="btn btn-small" disabled={busy} onClick={onChange}>
          {tc('adm.msg.refresh')}
        </button>
      </div>
      {list.length === 0 && <p className="empty">{tc('adm.msg.none')}</p>}
      {list.map((a) => (
        <article key={a.id} className="card msg-item" data-testid="announcement">
          <h3>{bn ? a.titleBn : a.titleEn}</h3>
          <p className="hint">
            {stateOf(a)} · {tc('adm.msg.to', { audience: a.productName ?? tc(`adm.msg.aud.${a.audience}`) })}
            {a.operational ? ` · ${tc('adm.msg.forVenue')}` : ''}
          </p>
          <ScrollBox label={`${tc('adm.msg.list')}: ${bn ? a.titleBn : a.titleEn}`}>
            <table className="admin-table stack-table msg-report">
              <thead>
                <tr>
                  <th>{tc('adm.msg.channel')}</th>
                  <th>{tc('adm.msg.sent')}</th>
                  <th>{tc('adm.msg.failed')}</th>
                  <th>{tc('adm.msg.waiting')}</th>
                  <th>{tc('adm.msg.off')}</th>
                  <th>{tc('adm.msg.unreachable')}</th>
                </tr>
              </thead>
              <tbody>
                {CHANNELS.map((c) => {
                  const r = a.report[c];
                  return (
                    <tr key={c} data-testid={`report-${c}`}>
                      <th scope="row" className="stack-title">
                        {channelName(c)}
                      </th>
                      <td data-label={tc('adm.msg.sent')}>{r.sent}</td>
                      <td data-label={tc('adm.msg.failed')}>{r.failed}</td>
                      <td data-label={tc('adm.msg.waiting')}>{r.waiting}</td>
                      <td data-label={tc('adm.msg.off')}>{r.off}</td>
                      <td data-label={tc('adm.msg.unreachable')}>{r.unreachable}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollBox>
          {(a.state === 'sending' || a.state === 'scheduled') && (
            <button
              type="button"
              className="btn btn-small btn-danger"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  toast.success((await stopAnnouncement(a.id)).message);
                  onChange();
                })
              }
            >
              {tc('adm.msg.stop')}
            </button>
          )}
        </article>
      ))}
    </section>
  );
}

// ---- one member's deliveries ----

function resultOf(state: string, error: string | null) {
  // why a channel was skipped: the member opted out (or never in), or has no number, no phone, no such service
  const why = error === 'off' ? tc('adm.msg.off') : tc('adm.msg.unreachable');
  return state === 'skipped'
    ? tc('adm.msg.result.skipped', { reason: why })
    : tc(`adm.msg.result.${state}` as ChannelsKey);
}

function Deliveries() {
  const notify = getLocale() === 'bn-IN' ? notifyBn : notifyEn;
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<MemberDeliveries | null>(null);
  const { run, busy } = useAction();
  return (
    <section aria-labelledby="msg-deliveries">
      <h2 id="msg-deliveries">{tc('adm.msg.deliveries')}</h2>
      <form
        className="msg-lookup"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => setFound(await getMemberDeliveries(email)));
        }}
      >
        <div className="field">
          <label htmlFor="msg-member">{tc('adm.msg.memberEmail')}</label>
          <input
            id="msg-member"
            type="email"
            autoComplete="off"
            value={email}
            required
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        {/* the lookup's own contract says when an email is enough to look for */}
        <button type="submit" className="btn" disabled={busy || !memberDeliveriesRequest.safeParse({ email }).success}>
          {tc('adm.msg.show')}
        </button>
      </form>
      {found && (
        <div data-testid="member-deliveries">
          <p>
            <strong>{found.member.name}</strong> · {found.member.email} · {found.member.mobile}
          </p>
          {found.deliveries.length === 0 ? (
            <p className="empty">{tc('adm.msg.noDeliveries')}</p>
          ) : (
            <ScrollBox label={tc('adm.msg.deliveries')}>
              <table className="admin-table stack-table">
                <thead>
                  <tr>
                    <th>{tc('adm.msg.what')}</th>
                    <th>{tc('adm.msg.channel')}</th>
                    <th>{tc('adm.msg.when.col')}</th>
                    <th>{tc('adm.msg.result')}</th>
                  </tr>
                </thead>
                <tbody>
                  {found.deliveries.map((d) => (
                    <tr key={d.id}>
                      <th scope="row" className="stack-title">
                        {d.topic ? `${notify[`notify.${d.topic}.title`]} ${d.ref ?? ''}` : d.what}
                      </th>
                      <td data-label={tc('adm.msg.channel')}>{channelName(d.channel)}</td>
                      <td data-label={tc('adm.msg.when.col')}>{formatDateTime(d.at)}</td>
                      <td data-label={tc('adm.msg.result')}>
                        {resultOf(d.state, d.error)}
                        {d.state === 'failed' && d.error ? <small className="msg-error">{d.error}</small> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )}
        </div>
      )}
    </section>
  );
}

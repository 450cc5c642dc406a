// The profile's message choices: which channel carries which kind of message, the WhatsApp number and
// this phone's notifications. Each tick is saved at once, with its time (the consent record).
import { useEffect, useState } from 'react';
import { CHANNELS, type Channel, MESSAGE_KINDS, type MessageKind } from '../../../core/channels';
import type { ChannelPref, ChannelPrefs as Prefs } from '../../../core/contracts/channels';
import { formatDate } from '../../../core/festival';
import { tc } from '../../../core/messages/channels.en';
import { Field } from '../../components/forms';
import { useToast } from '../../components/toast';
import { ApiError } from '../../lib/api-client';
import { getChannelPrefs, setChannelPrefs } from '../../lib/channels-api';
import { type PushState, PushRefused, pushState, turnOffPush, turnOnPush } from '../../lib/push';
import { useAction } from '../../lib/use-action';
import './channels.css';

export function ChannelPrefs() {
  const [prefs, setPrefs] = useState<Prefs | null>(null);
  const [number, setNumber] = useState('');
  const [numberError, setNumberError] = useState<string | null>(null);
  const [phone, setPhone] = useState<PushState>('off');
  const { run, busy } = useAction();
  const toast = useToast();

  useEffect(() => {
    let live = true;
    getChannelPrefs()
      .then((p) => {
        if (!live) return;
        setPrefs(p);
        setNumber(p.whatsapp.number ?? p.whatsapp.suggested ?? '');
      })
      .catch(() => {});
    pushState()
      .then((s) => live && setPhone(s))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  if (!prefs) return null;

  /** A refusal about the number goes under its field (and takes the focus); anything else is a toast. */
  const numberProblem = (e: ApiError) => {
    if (!/^whatsapp/i.test(e.message)) return toast.error(e.message);
    setNumberError(e.message.replace(/^whatsapp:\s*/i, ''));
    document.querySelector<HTMLInputElement>('.channel-prefs input[name="whatsapp"]')?.focus();
  };

  /** The box shows the choice at once; the server's answer (or, when it refuses, the choice before) follows. */
  const save = (change: { kind: MessageKind; channel: Channel; on: boolean }) => {
    const before = prefs;
    setPrefs({
      ...prefs,
      prefs: prefs.prefs.map((p) =>
        p.kind === change.kind && p.channel === change.channel ? { ...p, on: change.on } : p,
      ),
    });
    return run(
      async () => {
        const withNumber = change.channel === 'whatsapp' && change.on && !prefs.whatsapp.number;
        const r = await setChannelPrefs({ prefs: [change], ...(withNumber ? { whatsapp: number } : {}) });
        setPrefs(r);
        setNumberError(null);
        toast.success(r.message);
      },
      (e) => {
        setPrefs(before);
        numberProblem(e);
      },
    );
  };

  const saveNumber = () =>
    run(async () => {
      const r = await setChannelPrefs({ prefs: [], whatsapp: number });
      setPrefs(r);
      setNumber(r.whatsapp.number ?? number);
      setNumberError(null);
      toast.success(r.message);
    }, numberProblem);

  const phoneOn = () =>
    run(async () => {
      try {
        const r = await turnOnPush(prefs.push.vapidPublicKey!);
        setPrefs(r);
        setPhone('on');
        toast.success(r.message);
      } catch (e) {
        if (e instanceof PushRefused) return setPhone(e.state);
        if (e instanceof ApiError) throw e;
        toast.error(tc('ch.pushFailed'));
      }
    });

  const phoneOff = () =>
    run(async () => {
      const r = await turnOffPush();
      setPhone('off');
      if (r) {
        setPrefs(r);
        toast.success(r.message);
      }
    });

  const note = (p: ChannelPref): string | null => {
    if (p.fixed) return tc('ch.always');
    if (p.channel === 'whatsapp' && !prefs.whatsapp.available) return tc('ch.notOffered');
    if (p.channel === 'push' && !prefs.push.available) return tc('ch.notOffered');
    if (p.channel === 'push' && !p.on && prefs.push.devices === 0) return tc('ch.needsPhone');
    return p.on && p.at ? tc('ch.since', { date: formatDate(p.at) }) : null;
  };

  const pref = (kind: MessageKind, channel: Channel) =>
    prefs.prefs.find((p) => p.kind === kind && p.channel === channel)!;

  return (
    <section className="channel-prefs" aria-labelledby="ch-title" data-testid="channel-prefs">
      <h2 id="ch-title">{tc('ch.title')}</h2>
      <p className="hint">{tc('ch.intro')}</p>

      {prefs.whatsapp.available && (
        <div className="ch-setup">
          <Field
            label={tc('ch.whatsappNumber')}
            name="whatsapp"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={number}
            error={numberError}
            onChange={(e) => setNumber(e.target.value)}
          />
          <p className="hint">{tc('ch.whatsappHint')}</p>
          <button type="button" className="btn btn-small" disabled={busy || !number.trim()} onClick={saveNumber}>
            {tc('ch.saveNumber')}
          </button>
        </div>
      )}

      {prefs.push.available && (
        <div className="ch-setup" data-testid="push-setup">
          <h3>{tc('ch.pushTitle')}</h3>
          {phone === 'unsupported' && <p className="hint">{tc('ch.pushUnsupported')}</p>}
          {phone === 'blocked' && <p className="hint">{tc('ch.pushBlocked')}</p>}
          {phone === 'on' && <p>{tc('ch.pushIsOn')}</p>}
          {prefs.push.devices > 0 && <p className="hint">{tc('ch.pushPhones', { count: prefs.push.devices })}</p>}
          {phone === 'on' ? (
            <button type="button" className="btn btn-small" disabled={busy} onClick={phoneOff}>
              {tc('ch.pushOff')}
            </button>
          ) : phone !== 'unsupported' ? (
            <button type="button" className="btn btn-primary btn-small" disabled={busy} onClick={phoneOn}>
              {tc('ch.pushOn')}
            </button>
          ) : null}
        </div>
      )}

      {MESSAGE_KINDS.map((kind) => (
        <fieldset key={kind} className="ch-kind">
          <legend>{tc(`ch.kind.${kind}`)}</legend>
          <div className="ch-options">
            {CHANNELS.map((channel) => {
              const p = pref(kind, channel);
              const shown = note(p);
              const unavailable =
                (channel === 'whatsapp' && !prefs.whatsapp.available) || (channel === 'push' && !prefs.push.available);
              const needsPhone = channel === 'push' && !p.on && prefs.push.devices === 0;
              return (
                <label key={channel} className="ch-option">
                  <input
                    type="checkbox"
                    checked={p.on}
                    disabled={busy || p.fixed || unavailable || needsPhone}
                    aria-label={tc('ch.cell', { kind: tc(`ch.kind.${kind}`), channel: tc(`ch.channel.${channel}`) })}
                    onChange={(e) => void save({ kind, channel, on: e.target.checked })}
                  />
                  <span>
                    {tc(`ch.channel.${channel}`)}
                    {shown && <small className="ch-note">{shown}</small>}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </section>
  );
}

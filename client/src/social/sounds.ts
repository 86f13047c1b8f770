/**
 * The table's sounds, synthesised in code with WebAudio: no sound files, so
 * nothing to license; we own every sound (README, "Sounds"). The audio starts only after the
 * page's first click or key (browsers' autoplay rules). Mute and volume are remembered per
 * browser (localStorage); `prefers-reduced-motion` does not silence anything, the mute does.
 */
export type Cue = "turn" | "card" | "won" | "reveal" | "tick";

const KEY = "scat.sound";

export interface SoundPrefs {
  readonly muted: boolean;
  /** 0..1 */
  readonly volume: number;
  /** A browser notification when it is your turn and the tab is hidden (asked for once turned on). */
  readonly notify: boolean;
}

export function loadSoundPrefs(): SoundPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<SoundPrefs>;
    const volume = typeof raw.volume === "number" && raw.volume >= 0 && raw.volume <= 1 ? raw.volume : 0.6;
    return { muted: raw.muted === true, volume, notify: raw.notify === true };
  } catch {
    return { muted: false, volume: 0.6, notify: false };
  }
}

export function saveSoundPrefs(p: SoundPrefs): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(p));
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

/** One note: frequency (Hz), start offset and length (s), wave, relative gain. */
type Note = readonly [freq: number, at: number, len: number, wave: OscillatorType, gain: number];

const CUES: Record<Cue, readonly Note[]> = {
  // Two rising notes: your turn.
  turn: [
    [660, 0, 0.14, "sine", 1],
    [880, 0.13, 0.22, "sine", 1],
  ],
  // A short, soft tap: a card played.
  card: [
    [220, 0, 0.05, "triangle", 0.7],
    [440, 0, 0.03, "square", 0.15],
  ],
  // A bright triad: a trick or round won.
  won: [
    [523, 0, 0.12, "triangle", 0.8],
    [659, 0.09, 0.12, "triangle", 0.8],
    [784, 0.18, 0.25, "triangle", 0.9],
  ],
  // A sharp blip: Hit the Deck's reveal.
  reveal: [
    [1200, 0, 0.08, "square", 0.35],
    [1600, 0.05, 0.08, "square", 0.3],
  ],
  // A quiet tick: the last seconds of your timer.
  tick: [[1000, 0, 0.04, "sine", 0.5]],
};

export class Sounds {
  private ctx: AudioContext | null = null;
  private unlocked = false;
  prefs: SoundPrefs = loadSoundPrefs();
  /** Every cue asked for (muted or not), for the browser tests. */
  readonly played: Cue[] = [];

  constructor() {
    const unlock = (): void => {
      this.unlocked = true;
      void this.context()
        ?.resume()
        .catch(() => undefined);
      removeEventListener("pointerdown", unlock, true);
      removeEventListener("keydown", unlock, true);
    };
    addEventListener("pointerdown", unlock, true);
    addEventListener("keydown", unlock, true);
  }

  set(p: Partial<SoundPrefs>): void {
    this.prefs = { ...this.prefs, ...p };
    saveSoundPrefs(this.prefs);
  }

  play(cue: Cue): void {
    this.played.push(cue);
    if (this.played.length > 50) this.played.shift();
    if (this.prefs.muted || this.prefs.volume === 0 || !this.unlocked) return;
    const ctx = this.context();
    if (!ctx) return;
    const t0 = ctx.currentTime + 0.01;
    for (const [freq, at, len, wave, gain] of CUES[cue]) {
      const osc = ctx.createOscillator();
      const env = ctx.createGain();
      osc.type = wave;
      osc.frequency.value = freq;
      const peak = 0.25 * gain * this.prefs.volume;
      env.gain.setValueAtTime(0.0001, t0 + at);
      env.gain.exponentialRampToValueAtTime(Math.max(0.0002, peak), t0 + at + 0.01);
      env.gain.exponentialRampToValueAtTime(0.0001, t0 + at + len);
      osc.connect(env).connect(ctx.destination);
      osc.start(t0 + at);
      osc.stop(t0 + at + len + 0.02);
    }
  }

  private context(): AudioContext | null {
    if (this.ctx) return this.ctx;
    try {
      this.ctx = new AudioContext();
    } catch {
      return null;
    }
    return this.ctx;
  }
}

/** One per page: the autoplay unlock listens from the first table on. */
let shared: Sounds | null = null;
export function sounds(): Sounds {
  shared ??= new Sounds();
  return shared;
}

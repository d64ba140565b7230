package ui

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"touchmove/audio"
	"touchmove/core/chess"
)

// soundRecorder is a soundPlayer that records what it is asked to play.
type soundRecorder struct {
	played []audio.Kind
	volume float64
	err    error
}

func (r *soundRecorder) Play(k audio.Kind, v float64) { r.played, r.volume = append(r.played, k), v }
func (r *soundRecorder) Err() error                   { return r.err }

func TestPlaySound(t *testing.T) {
	tests := []struct {
		name     string
		settings soundSettings
		want     []audio.Kind
	}{
		{"on", soundSettings{on: true, volume: 0.5}, []audio.Kind{audio.Move, audio.Capture, audio.Illegal}},
		{"on with clock warnings", soundSettings{on: true, clock: true, volume: 0.5}, []audio.Kind{audio.Move, audio.Capture, audio.LowTime, audio.Illegal}},
		{"off", soundSettings{on: false, clock: true, volume: 0.5}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := newTestWindow(t)
			rec := &soundRecorder{}
			w.sound = tc.settings
			w.sound.player = rec
			for _, k := range []audio.Kind{audio.Move, audio.Capture, audio.LowTime, audio.Illegal} {
				w.playSound(k)
			}
			if !slices.Equal(rec.played, tc.want) {
				t.Errorf("played %v, want %v", rec.played, tc.want)
			}
			if len(rec.played) > 0 && rec.volume != 0.5 {
				t.Errorf("volume %v, want 0.5", rec.volume)
			}
		})
	}
	w := newTestWindow(t) // no WithSounds: silent, and no panic
	w.playSound(audio.Move)
	w = newTestWindow(t, WithSounds(nil))
	w.playSound(audio.Move)
}

func TestSoundMenuNoDevice(t *testing.T) {
	w := newTestWindow(t)
	w.sound.player = &soundRecorder{err: errors.New("no sound card")}
	w.win.SetMainMenu(w.mainMenu())
	findItem(t, w, "Sounds (no sound device)")
}

// failingSound is a soundPlayer whose device turns out to be missing when
// fail is called, as audio.Player's does at the first sound.
type failingSound struct {
	soundRecorder
	onFail []func(error)
}

func (f *failingSound) OnFail(fn func(error)) { f.onFail = append(f.onFail, fn) }

func (f *failingSound) fail() {
	f.err = errors.New("no sound card")
	for _, fn := range f.onFail {
		fn(f.err)
	}
}

// The Sounds menu is built when the window opens, before the device is
// opened: it used to say "Sounds" for ever. Now the menu and the message
// line say so once the device turns out to be missing (issue 27 point 11).
func TestSoundMenuSaysWhenTheDeviceFails(t *testing.T) {
	w := newTestWindow(t)
	p := &failingSound{}
	w.sound.player = p
	w.watchSound()
	w.win.SetMainMenu(w.mainMenu())
	findItem(t, w, "Sounds")
	w.playSound(audio.Move)
	p.fail()
	findItem(t, w, "Sounds (no sound device)")
	if got := w.status.message.Text; !strings.Contains(got, "No sound device") {
		t.Errorf("message %q", got)
	}
}

func TestBeepDue(t *testing.T) {
	tests := []struct {
		prev, now int
		want      bool
	}{
		{11, 10, true}, {12, 11, false}, {10, 9, false}, {6, 5, false}, {5, 4, true}, {1, 0, true},
		{4, 4, false}, {3, 5, false}, // no beep without a new second, or when time was added
	}
	for _, tc := range tests {
		if got := beepDue(tc.prev, tc.now); got != tc.want {
			t.Errorf("beepDue(%d, %d) = %v, want %v", tc.prev, tc.now, got, tc.want)
		}
	}
}

func TestSoundMenu(t *testing.T) {
	w := newTestWindow(t)
	prefs := w.app.Preferences()
	if !w.sound.on || w.sound.volume != 0.75 {
		t.Fatalf("sounds default to on=%v volume=%v, want on at 0.75", w.sound.on, w.sound.volume)
	}
	child := func(label string) *fyne.MenuItem {
		t.Helper()
		for _, it := range findItem(t, w, "Sounds").ChildMenu.Items {
			if it.Label == label {
				return it
			}
		}
		t.Fatalf("no Sounds item %q", label)
		return nil
	}
	if w.sound.clock || child("Clock warnings (10 s and the last 5 s)").Checked {
		t.Error("clock warnings are on by default; clocks.md §6.4 has them off")
	}
	steps := []struct {
		item       string
		wantOn     bool
		wantClock  bool
		wantVolume float64
	}{
		{"Play sounds", false, false, 0.75},
		{"Volume 50%", true, false, 0.5}, // picking a volume turns sounds on
		{"Clock warnings (10 s and the last 5 s)", true, true, 0.5},
		{"Play sounds", false, true, 0.5},
		{"Play sounds", true, true, 0.5},
	}
	for _, st := range steps {
		child(st.item).Action()
		if on, clock, v := prefs.Bool("sounds"), prefs.Bool("clockSounds"), prefs.Float("soundVolume"); on != st.wantOn || clock != st.wantClock || v != st.wantVolume {
			t.Errorf("after %q: prefs sounds=%v clockSounds=%v soundVolume=%v, want %v %v %v", st.item, on, clock, v, st.wantOn, st.wantClock, st.wantVolume)
		}
		if got := child("Clock warnings (10 s and the last 5 s)").Disabled; got == st.wantOn {
			t.Errorf("after %q: clock warnings disabled=%v with sounds on=%v", st.item, got, st.wantOn)
		}
		if got := child("Play sounds").Checked; got != st.wantOn {
			t.Errorf("after %q: Play sounds checked=%v", st.item, got)
		}
		if got := child("Volume 50%").Checked; got != (st.wantOn && st.wantVolume == 0.5) {
			t.Errorf("after %q: Volume 50%% checked=%v", st.item, got)
		}
	}
	w2 := NewWindow(w.app, WithPicker(fakePicker{}))
	defer w2.win.Close()
	if w2.sound != (soundSettings{on: true, clock: true, volume: 0.5}) {
		t.Errorf("a new window reads %+v, want the stored on, clock, 0.5", w2.sound)
	}
}

// Moves sound as they are: a plain move, a capture, castling, a check; an
// illegal drop and the end of the game have their own sounds.
func TestMovesSound(t *testing.T) {
	w := newTestWindow(t)
	rec := &soundRecorder{}
	w.sound = soundSettings{on: true, volume: 1}
	w.sound.player = rec
	for _, m := range [][2]chess.Square{{chess.E2, chess.E4}, {chess.D7, chess.D5}, {chess.E4, chess.D5}, {chess.D8, chess.D5},
		{chess.G1, chess.F3}, {chess.D5, chess.E5}, {chess.F1, chess.E2}, {chess.G8, chess.F6}, {chess.E1, chess.H1}} {
		w.play.boardMove(m[0], m[1])
	}
	w.play.boardMove(chess.A2, chess.A5) // illegal
	want := []audio.Kind{audio.Move, audio.Move, audio.Capture, audio.Capture, audio.Move, audio.Check, audio.Move, audio.Move, audio.Castle, audio.Illegal}
	if !slices.Equal(rec.played, want) {
		t.Fatalf("played %v, want %v", rec.played, want)
	}
}

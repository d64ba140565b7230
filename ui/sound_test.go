package ui

import (
	"testing"

	"fyne.io/fyne/v2"
)

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
		for _, it := range menuItem(t, w, "Sounds").ChildMenu.Items {
			if it.Label == label {
				return it
			}
		}
		t.Fatalf("no Sounds item %q", label)
		return nil
	}
	steps := []struct {
		item       string
		wantOn     bool
		wantVolume float64
	}{
		{"Play sounds", false, 0.75},
		{"Volume 50%", true, 0.5}, // picking a volume turns sounds on
		{"Play sounds", false, 0.5},
		{"Play sounds", true, 0.5},
	}
	for _, st := range steps {
		child(st.item).Action()
		if on, v := prefs.Bool("sounds"), prefs.Float("soundVolume"); on != st.wantOn || v != st.wantVolume {
			t.Errorf("after %q: prefs sounds=%v soundVolume=%v, want %v %v", st.item, on, v, st.wantOn, st.wantVolume)
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
	if !w2.sound.on || w2.sound.volume != 0.5 {
		t.Errorf("a new window reads on=%v volume=%v, want the stored true 0.5", w2.sound.on, w2.sound.volume)
	}
}

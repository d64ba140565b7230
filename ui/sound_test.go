package ui

import (
	"bytes"
	"testing"
	"time"
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

func TestBeepWAV(t *testing.T) {
	w := beepWAV(880, 100*time.Millisecond)
	if !bytes.HasPrefix(w, []byte("RIFF")) || !bytes.Contains(w[:40], []byte("WAVEfmt ")) || len(w) != 44+2*2205 {
		t.Errorf("WAV header or length wrong: %d bytes", len(w))
	}
}

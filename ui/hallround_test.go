package ui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"
	"touchmove/app"
	"touchmove/app/hall"
	"touchmove/app/store"
	"touchmove/core/chess"
)

// The round a hall leaves in its journals, for the tests that bring it
// back: hall_test.go (Linux: it plays on the board simulator) and the
// crawl's restore question, which runs everywhere (make windows-test runs it
// under Wine).

// leaveRound leaves in the journals' folder dir what a window killed while
// it recorded a hall leaves: the round's list of boards on ports, and each
// board's game (1. e4, under the arbiter's rules) in its journal.
func leaveRound(t *testing.T, dir string, ports ...string) {
	t.Helper()
	hdir := filepath.Join(dir, "hall")
	var seats []hall.Seated
	for i, port := range ports {
		seats = append(seats, hall.Seated{Number: i + 1, Port: port})
		leaveJournal(t, hall.BoardJournals(hdir, i+1), func(s *app.Session) {
			if err := s.NewGame(hallGame()); err != nil {
				t.Fatal(err)
			}
			s.RecordMoveAt(chess.NewMove(chess.E2, chess.E4), time.Now())
		})
	}
	data, err := json.Marshal(seats)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(hdir, "round.json"), data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// leaveJournal leaves in the journals' folder dir, as journal-left.json,
// the journal of a session that play set up and a window killed then left
// (its own journal, written and cleared).
func leaveJournal(t *testing.T, dir string, play func(*app.Session)) {
	t.Helper()
	j, err := store.NewJournals(dir).Create()
	if err != nil {
		t.Fatal(err)
	}
	s := app.NewSession(app.WithJournal(j))
	play(s)
	j.Flush()
	data, err := os.ReadFile(j.Path())
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Clear(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "journal-left.json"), data, 0o600); err != nil {
		t.Fatal(err)
	}
}

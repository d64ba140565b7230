package hall

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/core/arbiter"
)

// A hall kept in a folder of its own (Options.Dir) journals every board's
// game in Dir/board-N and lists its boards in Dir/round.json, so that
// after a crash the round comes back as a round: the same ports, each
// board's game from its journal (Crashed, then a hall on the same Dir).
// touchmove record keeps its round the same way, in DIR/.journal.

// roundFile lists a hall's boards in its folder.
const roundFile = "round.json"

// Seated is a board of a round left by a crash: its number and port.
type Seated struct {
	Number int    `json:"number"`
	Port   string `json:"port"`
}

// Crashed returns the boards of the round a crash left in dir, in the
// order they were added; none when no board's journal holds a game.
func Crashed(dir string) ([]Seated, error) {
	data, err := os.ReadFile(filepath.Join(dir, roundFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("the round left in %s: %w", dir, err)
	}
	var seats []Seated
	if err := json.Unmarshal(data, &seats); err != nil {
		return nil, fmt.Errorf("the round left in %s: %w", dir, err)
	}
	for _, s := range seats {
		names, _ := filepath.Glob(filepath.Join(BoardJournals(dir, s.Number), "journal*.json"))
		if len(names) > 0 {
			return seats, nil
		}
	}
	return nil, nil
}

// Forget removes the round a crash left in dir: its list and journals.
func Forget(dir string) error {
	if err := os.RemoveAll(dir); err != nil {
		return fmt.Errorf("the round left in %s: %w", dir, err)
	}
	return nil
}

// BoardJournals returns the folder of board n's journals in a round's
// folder dir.
func BoardJournals(dir string, n int) string { return filepath.Join(dir, fmt.Sprintf("board-%d", n)) }

// Resume takes s's game back from the newest of the journals a crash left
// (app.Orphans, read before s's own journal was made): the round goes on
// where it stood, the clocks running again when the crash left them
// paused; the older journals are let go. It returns the moves of the game
// taken back, and false when there was none to take. A journal that cannot
// be taken back is kept, and said in the error.
func Resume(s *app.Session, orphans []*app.Orphan) (plies int, ok bool, err error) {
	if len(orphans) == 0 {
		return 0, false, nil
	}
	o := orphans[len(orphans)-1]
	if err := s.Restore(o.Entry); err != nil {
		for _, o := range orphans {
			o.Release()
		}
		return 0, false, fmt.Errorf("the journal %s: %w (kept)", o.Path(), err)
	}
	resumeClocks(s)
	for _, o := range orphans {
		_ = o.Discard()
	}
	return s.Game().PlyCount(), true, nil
}

// resumeClocks runs the clocks a restore left paused (the crash stopped
// them, not the arbiter, whose pause stands): the board plays on.
func resumeClocks(s *app.Session) {
	switch a := s.Arbiter(); {
	case !s.ClocksPaused(), a != nil && a.Paused():
	case a != nil && a.Rules() == arbiter.RulesArbiter:
		_ = s.ArbiterPause() // resumes what the restore paused, and says nothing more
	default:
		_ = s.ResumeClocks()
	}
}

// writeRound lists the hall's boards in its folder.
func (h *Hall) writeRound() error {
	seats := make([]Seated, len(h.boards))
	for i, b := range h.boards {
		seats[i] = Seated{Number: b.Number, Port: b.Port}
	}
	data, err := json.MarshalIndent(seats, "", " ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(h.o.Dir, 0o755); err != nil {
		return fmt.Errorf("the hall's folder: %w", err)
	}
	return store.WriteFileAtomic(filepath.Join(h.o.Dir, roundFile), data)
}

package app_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"touchmove/app"
	"touchmove/core/chess"
	"touchmove/core/clock"
)

// fakeTime is a clock the test moves by hand.
type fakeTime struct{ t time.Time }

func (f *fakeTime) now() time.Time          { return f.t }
func (f *fakeTime) advance(d time.Duration) { f.t = f.t.Add(d) }

func timedSession(t *testing.T, ft *fakeTime, fen string, ts app.TimeSettings) *app.Session {
	t.Helper()
	s := app.NewSession(app.WithClock(ft.now))
	if err := s.NewGame(app.NewGameOptions{FEN: fen, Time: &ts}); err != nil {
		t.Fatal(err)
	}
	return s
}

func blitz32() app.TimeSettings {
	c := clock.Fischer(3*time.Minute, 2*time.Second)
	return app.TimeSettings{White: c, Black: c}
}

// A 3+2 game to a flag: against a bare king it is a draw, against a knight
// and a pawn a loss (rules.md §3.11).
func TestScenarioFlagFall(t *testing.T) {
	tests := []struct {
		name, fen, result, reason string
	}{
		// White's flag falls; Black has a bare king and cannot mate.
		{"against a bare king", "8/8/4k3/8/8/8/4K3/Q7 w - - 0 1", "1/2-1/2", "White's flag fell, but Black cannot checkmate: draw"},
		// Black has a knight and a pawn: a mate is possible, so White loses.
		{"against a knight and a pawn", "8/8/4kn2/5p2/8/8/4K3/Q7 w - - 0 1", "0-1", "White lost on time"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ft := &fakeTime{t: fixedNow()}
			s := timedSession(t, ft, tc.fen, blitz32())
			// White's clock runs from the start.
			ft.advance(3*time.Minute + 2*time.Second - time.Millisecond)
			if s.Tick() {
				t.Fatal("flag 1 ms early")
			}
			ft.advance(time.Millisecond)
			if !s.Tick() {
				t.Fatal("no flag when due")
			}
			st := s.Status()
			if st.Result.String() != tc.result || st.Reason.String() != tc.reason {
				t.Errorf("status %+v", st)
			}
			wantTerm := "normal"
			if tc.result != "1/2-1/2" {
				wantTerm = "time forfeit"
			}
			if got := s.Game().Tags.Value("Termination"); got != wantTerm {
				t.Errorf("Termination %q, want %q", got, wantTerm)
			}
			// After the flag nothing moves.
			if fb := drag(t, s, "e2", "d2"); fb.Moved {
				t.Error("a move after the flag")
			}
		})
	}
}

// A mate made before the flag stands.
func TestScenarioMateBeforeFlag(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	s := timedSession(t, ft, chess.StartFEN, blitz32())
	for _, m := range [][2]string{{"f2", "f3"}, {"e7", "e5"}, {"g2", "g4"}} {
		ft.advance(time.Second)
		mustMove(t, s, m[0], m[1])
	}
	ft.advance(3*time.Minute - time.Millisecond) // Black mates with 1 ms (+increments) left
	mustMove(t, s, "d8", "h4")
	ft.advance(time.Hour)
	s.Tick()
	if st := s.Status(); st.Result != chess.BlackWins || !strings.Contains(st.Reason.String(), "heckmate") {
		t.Fatalf("%+v", st)
	}
}

func TestScenarioClockComments(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	s := timedSession(t, ft, chess.StartFEN, blitz32())
	ft.advance(10 * time.Second)
	mustMove(t, s, "e2", "e4") // 3:02 - 0:10 + 0:02 = 2:54
	ft.advance(5 * time.Second)
	mustMove(t, s, "e7", "e5") // 3:02 - 0:05 + 0:02 = 2:59
	got := movetext(t, s)
	want := "1. e4 { [%clk 0:02:54] [%emt 0:00:10] } 1... e5 { [%clk 0:02:59] [%emt 0:00:05] } *"
	if got != want {
		t.Errorf("movetext\n%q\nwant\n%q", got, want)
	}
	if tc := s.Game().Tags.Value("TimeControl"); tc != "180+2" {
		t.Errorf("TimeControl %q", tc)
	}
	faces, ok := s.ClockFaces()
	if !ok || !faces[chess.White].Running || faces[chess.White].Time != 2*time.Minute+54*time.Second {
		t.Errorf("faces %+v", faces)
	}
	// Browsing back shows the clocks as they were at that move.
	s.First()
	s.Forward()
	faces, ok = s.ClockFaces()
	if !ok {
		t.Fatal("no faces when browsing")
	}
}

// A 40-move control adds the second period at the 40th press.
func TestScenarioSecondPeriodAtMove40(t *testing.T) {
	tc, err := clock.ParseTimeControl("40/5400+30:1800+30")
	if err != nil {
		t.Fatal(err)
	}
	c, err := tc.Control()
	if err != nil {
		t.Fatal(err)
	}
	ft := &fakeTime{t: fixedNow()}
	s := timedSession(t, ft, chess.StartFEN, app.TimeSettings{White: c, Black: c})
	shuffle := [][2]string{{"g1", "f3"}, {"g8", "f6"}, {"f3", "g1"}, {"f6", "g8"}, {"b1", "c3"}, {"b8", "c6"}, {"c3", "b1"}, {"c6", "b8"}}
	// Avoid a fivefold repetition: a pawn step on each side after every shuffle.
	var line [][2]string
	steps := [][4]string{{"a2", "a3", "a7", "a6"}, {"b2", "b3", "b7", "b6"}, {"d2", "d3", "d7", "d6"}, {"e2", "e3", "e7", "e6"},
		{"g2", "g3", "g7", "g6"}, {"h2", "h3", "h7", "h6"}, {"a3", "a4", "a6", "a5"}, {"b3", "b4", "b6", "b5"}}
	for _, st := range steps {
		line = append(line, shuffle...)
		line = append(line, [2]string{st[0], st[1]}, [2]string{st[2], st[3]})
	}
	for i, m := range line[:80] {
		ft.advance(time.Minute)
		mustMove(t, s, m[0], m[1])
		faces, _ := s.ClockFaces()
		mover := chess.Color(i % 2)
		moves := i/2 + 1
		want := 90*time.Minute + 30*time.Second - time.Duration(moves)*time.Minute + time.Duration(moves)*30*time.Second
		if moves >= 40 {
			want += 30 * time.Minute
		}
		if got := faces[mover].Time; got != want {
			t.Fatalf("move %d by %v: clock %v, want %v", moves, mover, got, want)
		}
	}
}

func TestScenarioManualPress(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	ts := blitz32()
	ts.ManualPress, ts.StartOnBlackPress = true, true
	s := timedSession(t, ft, chess.StartFEN, ts)
	if fb := drag(t, s, "e2", "e4"); fb.Moved {
		t.Fatal("moved before the clocks started")
	}
	if err := s.PressClock(chess.Black); err != nil {
		t.Fatal(err)
	}
	ft.advance(4 * time.Second)
	mustMove(t, s, "e2", "e4")
	ft.advance(3 * time.Second) // the move is placed; White's time still runs
	if s.AwaitingPress() != chess.White {
		t.Fatal("not waiting for White's press")
	}
	if fb := drag(t, s, "e7", "e5"); fb.Moved {
		t.Fatal("Black moved before White pressed")
	}
	s.PressClock(chess.White)
	if got := movetext(t, s); !strings.Contains(got, "[%clk 0:02:57] [%emt 0:00:07]") {
		t.Errorf("movetext %q", got)
	}
	mustMove(t, s, "e7", "e5")
}

func TestUnfinishedTimedGameSavesAndResumes(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	s := timedSession(t, ft, chess.StartFEN, blitz32())
	ft.advance(10 * time.Second)
	mustMove(t, s, "e2", "e4")
	ft.advance(20 * time.Second)
	mustMove(t, s, "e7", "e5")
	ft.advance(7 * time.Second) // White thinking: 2:54 - 0:07 = 2:47
	s.StampClock()
	if got := s.Game().Tags.Value("Clock"); got != "W/0:02:47" {
		t.Errorf("Clock tag %q", got)
	}
	path := filepath.Join(t.TempDir(), "unfinished.pgn")
	if _, err := app.SaveGame(path, -1, s.Game()); err != nil {
		t.Fatal(err)
	}
	f, err := app.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := app.NewSession(app.WithClock(ft.now))
	r.Load(f.Games[0], path, 0)
	if !r.Status().Live || !r.ClocksPaused() {
		t.Fatalf("reloaded game not resumable: %+v", r.Status())
	}
	faces, _ := r.ClockFaces()
	if faces[chess.White].Time != 2*time.Minute+47*time.Second || faces[chess.Black].Time != 2*time.Minute+44*time.Second {
		t.Fatalf("faces %+v", faces)
	}
	if err := r.ResumeClocks(); err != nil {
		t.Fatal(err)
	}
	ft.advance(time.Second)
	mustMove(t, r, "g1", "f3")
	if got := movetext(t, r); !strings.Contains(got, "2. Nf3 { [%clk 0:02:48]") {
		t.Errorf("movetext %q", got)
	}
}

func TestJournalKeepsClocks(t *testing.T) {
	dir := t.TempDir()
	ft := &fakeTime{t: fixedNow()}
	s := app.NewSession(app.WithClock(ft.now), app.WithJournal(app.NewJournal(dir)))
	ts := blitz32()
	s.NewGame(app.NewGameOptions{Time: &ts})
	ft.advance(10 * time.Second)
	mustMove(t, s, "d2", "d4")
	ft.advance(4 * time.Second)
	mustMove(t, s, "d7", "d5")
	r := restoreJournal(t, dir, ft)
	faces, _ := r.ClockFaces()
	if faces[chess.White].Time != 2*time.Minute+54*time.Second || faces[chess.Black].Time != 3*time.Minute || !r.ClocksPaused() {
		t.Fatalf("restored faces %+v paused %v", faces, r.ClocksPaused())
	}
}

// Armageddon: time odds, written to the PGN, and a draw counts for Black.
func TestArmageddon(t *testing.T) {
	ft := &fakeTime{t: fixedNow()}
	w, b := clock.Armageddon(0)
	s := app.NewSession(app.WithClock(ft.now))
	if err := s.NewGame(app.NewGameOptions{Time: &app.TimeSettings{White: w, Black: b}, Armageddon: true,
		FEN: "k7/8/1Q6/8/8/8/8/K7 w - - 0 1"}); err != nil {
		t.Fatal(err)
	}
	tags := s.Game().Tags
	if tags.Value("WhiteTimeControl") != "300" || tags.Value("BlackTimeControl") != "240" ||
		tags.Value("WhiteClock") != "0:05:00" || tags.Value("BlackClock") != "0:04:00" {
		t.Errorf("odds tags: %v", tags)
	}
	mustMove(t, s, "b6", "c7") // stalemate
	if st := s.Status(); st.Result != chess.BlackWins || !strings.Contains(st.Reason.String(), "Armageddon") {
		t.Errorf("stalemate in Armageddon: %+v", st)
	}
}

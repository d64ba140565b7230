package app_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/internal/corpus"
)

// editBase has variations, comments with commands, NAGs and marks.
const editBase = `[Event "Edit test"]
[Site "?"]
[Date "2026.03.14"]
[Round "-"]
[White "Anna"]
[Black "Boris"]
[Result "*"]
[Annotator "Me"]

{Start} 1. e4 {[%clk 0:01:00][%eval 0.3] Best by test} 1... e5 $1 (1... c5 {Sicilian}
2. Nf3 (2. c3 d5) 2... d6) (1... e6 2. d4) 2. Nf3 {[%cal Ge2e4,Rd1h5] [%csl Rd5]}
2... Nc6 $10 3. Bb5 a6 *
`

// editLoad opens text's first game in a new session, for analysis.
func editLoad(t *testing.T, text string) (*app.Session, *app.Editor) {
	t.Helper()
	games, err := store.DecodeGames(strings.NewReader(text))
	if err != nil || len(games) == 0 {
		t.Fatalf("decode: %v (%d games)", err, len(games))
	}
	s := app.NewSession(app.WithClock(fixedNow))
	s.Load(games[0], "", 0)
	return s, app.NewEditor(s)
}

func editExport(t *testing.T, s *app.Session) string {
	t.Helper()
	b, err := store.EncodeGame(s.Game())
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	return string(b)
}

// editFind walks from the root along the moves written sans, in any
// variation.
func editFind(t *testing.T, s *app.Session, sans ...string) *game.Node {
	t.Helper()
	n := s.Game().Root()
	for _, san := range sans {
		i := slices.IndexFunc(n.Children(), func(c *game.Node) bool { return c.SAN() == san })
		if i < 0 {
			t.Fatalf("no move %s after %v", san, sans)
		}
		n = n.Children()[i]
	}
	return n
}

func editPath(n *game.Node) []int {
	var p []int
	for ; !n.IsRoot(); n = n.Parent() {
		p = append(p, n.Index())
	}
	slices.Reverse(p)
	return p
}

func editMove(t *testing.T, n *game.Node, san string) chess.Move {
	t.Helper()
	p := n.Position()
	m, err := p.ParseSAN(san)
	if err != nil {
		t.Fatalf("SAN %s: %v", san, err)
	}
	return m
}

// sq returns the square named s.
func sq(t *testing.T, s string) chess.Square {
	t.Helper()
	x, err := chess.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// editOp is one case of TestEditOperations.
type editOp struct {
	name  string
	at    []string // cursor before the edit
	label string
	do    func(t *testing.T, s *app.Session, e *app.Editor) error
	check func(t *testing.T, s *app.Session) // after the edit
	curAt []string                           // cursor after the edit; nil: unchanged
}

// nagOp toggles nag on the move at path and expects the NAGs want there.
func nagOp(name string, nag uint8, want []uint8, path ...string) editOp {
	return editOp{
		name: name, label: "annotation",
		do: func(t *testing.T, s *app.Session, e *app.Editor) error {
			return e.ToggleNAG(editFind(t, s, path...), nag)
		},
		check: func(t *testing.T, s *app.Session) { wantNAGs(t, editFind(t, s, path...), want) },
	}
}

// arrowOp toggles the arrow from–to in colour c on the move at path and
// expects the comment want there.
func arrowOp(name, from, to string, c game.MarkColor, want string, path ...string) editOp {
	return editOp{
		name: name, label: "arrow",
		do: func(t *testing.T, s *app.Session, e *app.Editor) error {
			return e.ToggleArrow(editFind(t, s, path...), sq(t, from), sq(t, to), c)
		},
		check: func(t *testing.T, s *app.Session) { wantComment(t, editFind(t, s, path...), want) },
	}
}

// tagOp sets the tag to value and expects the value want there.
func tagOp(name, tag, value, want string) editOp {
	return editOp{
		name: name, label: "tag",
		do: func(t *testing.T, s *app.Session, e *app.Editor) error { return e.SetTag(tag, value) },
		check: func(t *testing.T, s *app.Session) {
			if got := s.Game().Tags.Value(tag); got != want {
				t.Errorf("%s %q, want %q", tag, got, want)
			}
		},
	}
}

func TestEditOperations(t *testing.T) {
	tests := []editOp{
		{
			name: "comment text keeps commands", label: "comment",
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				return e.SetCommentText(editFind(t, s, "e4"), "  A new idea ")
			},
			check: func(t *testing.T, s *app.Session) {
				n := editFind(t, s, "e4")
				wantComment(t, n, "[%clk 0:01:00][%eval 0.3] A new idea")
				if d, ok := n.Clock(); !ok || d != time.Minute {
					t.Errorf("clock %v %v", d, ok)
				}
			},
		},
		{
			name: "empty comment text leaves the commands", label: "comment",
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				return e.SetCommentText(editFind(t, s, "e4"), "")
			},
			check: func(t *testing.T, s *app.Session) { wantComment(t, editFind(t, s, "e4"), "[%clk 0:01:00][%eval 0.3]") },
		},
		{
			name: "comment text on arrows and squares", label: "comment",
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				return e.SetCommentText(editFind(t, s, "e4", "e5", "Nf3"), "Develops")
			},
			check: func(t *testing.T, s *app.Session) {
				wantComment(t, editFind(t, s, "e4", "e5", "Nf3"), "[%cal Ge2e4,Rd1h5] [%csl Rd5] Develops")
			},
		},
		{
			name: "comment before a move", label: "comment",
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				return e.SetCommentBeforeText(editFind(t, s, "e4", "c5"), "Sharper:")
			},
			check: func(t *testing.T, s *app.Session) {
				if got := editFind(t, s, "e4", "c5").CommentBefore(); got != "Sharper:" {
					t.Errorf("before %q", got)
				}
			},
		},
		{
			name: "start comment", label: "comment",
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				return e.SetCommentText(s.Game().Root(), "Played online")
			},
			check: func(t *testing.T, s *app.Session) {
				if got := s.Game().Root().Comment(); got != "Played online" {
					t.Errorf("start comment %q", got)
				}
			},
		},
		{
			name: "end comment", label: "comment",
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				return e.SetEndCommentText("To be continued")
			},
			check: func(t *testing.T, s *app.Session) {
				if got := s.Game().EndComment(); got != "To be continued" {
					t.Errorf("end comment %q", got)
				}
			},
		},
		nagOp("toggle NAG off", 1, nil, "e4", "e5"),
		nagOp("? replaces !", 2, []uint8{2}, "e4", "e5"),
		nagOp("?! replaces !", 6, []uint8{6}, "e4", "e5"),
		nagOp("crushing replaces =", 21, []uint8{21}, "e4", "e5", "Nf3", "Nc6"),
		nagOp("zugzwang joins =", 22, []uint8{10, 22}, "e4", "e5", "Nf3", "Nc6"),
		nagOp("only move joins !", 7, []uint8{1, 7}, "e4", "e5"),
		nagOp("± replaces =", 16, []uint8{16}, "e4", "e5", "Nf3", "Nc6"),
		nagOp("novelty joins =", 146, []uint8{10, 146}, "e4", "e5", "Nf3", "Nc6"),
		{
			name: "clear NAGs", label: "clear annotations",
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				return e.ClearNAGs(editFind(t, s, "e4", "e5"))
			},
			check: func(t *testing.T, s *app.Session) { wantNAGs(t, editFind(t, s, "e4", "e5"), nil) },
		},
		arrowOp("same arrow again removes it", "e2", "e4", game.Green, "[%cal Rd1h5] [%csl Rd5]", "e4", "e5", "Nf3"),
		arrowOp("arrow in another colour replaces it", "e2", "e4", game.Blue, "[%cal Be2e4,Rd1h5] [%csl Rd5]", "e4", "e5", "Nf3"),
		arrowOp("new arrow keeps the clock", "g1", "f3", game.Yellow, "[%clk 0:01:00][%eval 0.3] [%cal Yg1f3] Best by test", "e4"),
		{
			name: "same square again removes it", label: "coloured square",
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				return e.ToggleSquare(editFind(t, s, "e4", "e5", "Nf3"), sq(t, "d5"), game.Red)
			},
			check: func(t *testing.T, s *app.Session) {
				wantComment(t, editFind(t, s, "e4", "e5", "Nf3"), "[%cal Ge2e4,Rd1h5]")
			},
		},
		{
			name: "square in another colour replaces it", label: "coloured square",
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				return e.ToggleSquare(editFind(t, s, "e4", "e5", "Nf3"), sq(t, "d5"), game.Green)
			},
			check: func(t *testing.T, s *app.Session) {
				n := editFind(t, s, "e4", "e5", "Nf3")
				if got := n.Squares(); len(got) != 1 || got[0].Color != game.Green {
					t.Errorf("squares %v", got)
				}
			},
		},
		{
			name: "add a move as a variation", label: "add move", at: []string{"e4"}, curAt: []string{"e4", "d5"},
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				n := editFind(t, s, "e4")
				got, err := e.AddMove(n, editMove(t, n, "d5"))
				if err == nil && got != s.Current() {
					t.Error("AddMove did not show the new move")
				}
				return err
			},
			check: func(t *testing.T, s *app.Session) {
				if i := editFind(t, s, "e4", "d5").Index(); i != 3 {
					t.Errorf("new variation at %d", i)
				}
			},
		},
		{
			name: "add a move at the end", label: "add move", curAt: []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"},
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				n := s.Game().End()
				_, err := e.AddMove(n, editMove(t, n, "Ba4"))
				return err
			},
			check: func(t *testing.T, s *app.Session) {
				if s.Game().PlyCount() != 7 {
					t.Errorf("ply count %d", s.Game().PlyCount())
				}
			},
		},
		{
			name: "add a move by a drop", label: "add move", curAt: []string{"d4"},
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				s.Press(sq(t, "d2"))
				if fb := s.Drop(sq(t, "d2"), sq(t, "d4")); !fb.Moved {
					return fmt.Errorf("drop: %+v", fb)
				}
				return nil
			},
			check: func(t *testing.T, s *app.Session) {
				if len(s.Game().Root().Children()) != 2 {
					t.Error("no new variation")
				}
			},
		},
		{
			name: "promote the first variation", label: "promote variation", at: []string{"e4", "c5", "Nf3", "d6"},
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				return e.PromoteVariation(s.Current())
			},
			check: func(t *testing.T, s *app.Session) {
				if editFind(t, s, "e4", "c5").Index() != 0 || editFind(t, s, "e4", "e5").Index() != 1 {
					t.Error("c5 not promoted")
				}
			},
		},
		{
			name: "promote a second variation", label: "promote variation",
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				return e.PromoteVariation(editFind(t, s, "e4", "e6", "d4"))
			},
			check: func(t *testing.T, s *app.Session) {
				if editFind(t, s, "e4", "e6").Index() != 1 {
					t.Error("e6 not promoted")
				}
			},
		},
		{
			name: "make main line", label: "make main line", at: []string{"e4", "c5", "c3", "d5"},
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				return e.MakeMainLine(s.Current())
			},
			check: func(t *testing.T, s *app.Session) {
				if !editFind(t, s, "e4", "c5", "c3", "d5").IsMainLine() {
					t.Error("not on the main line")
				}
				if editFind(t, s, "e4", "c5", "Nf3").Index() != 1 || editFind(t, s, "e4", "e6").Index() != 2 {
					t.Error("the other lines moved wrongly")
				}
			},
		},
		{
			name: "delete variation", label: "delete variation", at: []string{"e4", "c5", "Nf3", "d6"}, curAt: []string{"e4"},
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				return e.DeleteVariation(s.Current())
			},
			check: func(t *testing.T, s *app.Session) {
				if got := len(editFind(t, s, "e4").Children()); got != 2 {
					t.Errorf("%d moves after e4", got)
				}
			},
		},
		{
			name: "delete from a main move", label: "delete moves", at: []string{"e4", "e5", "Nf3"}, curAt: []string{"e4"},
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				return e.DeleteFrom(editFind(t, s, "e4", "e5"))
			},
			check: func(t *testing.T, s *app.Session) {
				if editFind(t, s, "e4", "c5").Index() != 0 {
					t.Error("c5 did not become the main line")
				}
			},
		},
		{
			name: "delete from here", label: "delete moves", at: []string{"e4", "e5", "Nf3", "Nc6", "Bb5"},
			curAt: []string{"e4", "e5", "Nf3", "Nc6"},
			do: func(t *testing.T, s *app.Session, e *app.Editor) error {
				return e.DeleteFrom(s.Current())
			},
			check: func(t *testing.T, s *app.Session) {
				if s.Game().PlyCount() != 4 {
					t.Errorf("ply count %d", s.Game().PlyCount())
				}
			},
		},
		tagOp("edit a roster tag", "White", "Carla", "Carla"),
		tagOp("empty roster tag gets its placeholder", "Date", "", "????.??.??"),
		{
			name: "result", label: "tag",
			do: func(t *testing.T, s *app.Session, e *app.Editor) error { return e.SetTag("Result", "½-½") },
			check: func(t *testing.T, s *app.Session) {
				if s.Game().Result() != chess.Draw {
					t.Error("result not set")
				}
			},
		},
		tagOp("new tag", "ECO", "C60", "C60"),
		{
			name: "remove a tag", label: "remove tag",
			do: func(t *testing.T, s *app.Session, e *app.Editor) error { return e.RemoveTag("Annotator") },
			check: func(t *testing.T, s *app.Session) {
				if _, ok := s.Game().Tags.Lookup("Annotator"); ok {
					t.Error("Annotator still there")
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, e := editLoad(t, editBase)
			if tc.at != nil {
				s.GoTo(editFind(t, s, tc.at...))
			}
			calls := 0
			s.OnChange(func() { calls++ })
			before, cur, curPath := editExport(t, s), s.Current(), editPath(s.Current())
			tags := s.Game().Tags.Clone()
			version := s.TreeVersion()
			if err := tc.do(t, s, e); err != nil {
				t.Fatalf("edit: %v", err)
			}
			after := editExport(t, s)
			if after == before {
				t.Fatal("the edit changed nothing")
			}
			tc.check(t, s)
			wantCur := cur
			if tc.curAt != nil {
				wantCur = editFind(t, s, tc.curAt...)
			}
			if s.Current() != wantCur {
				t.Errorf("cursor at %v, want %v", editPath(s.Current()), editPath(wantCur))
			}
			curAfter := editPath(s.Current())
			if !s.Dirty() || s.TreeVersion() == version || calls == 0 {
				t.Errorf("dirty %v, version %d→%d, %d notifications", s.Dirty(), version, s.TreeVersion(), calls)
			}
			if got := s.UndoLabel(); got != "Undo "+tc.label {
				t.Errorf("undo label %q", got)
			}
			if s.CanRedo() || s.RedoLabel() != "Redo" {
				t.Error("redo possible before any undo")
			}

			version = s.TreeVersion()
			if err := s.Undo(); err != nil {
				t.Fatalf("undo: %v", err)
			}
			if got := editExport(t, s); got != before {
				t.Fatalf("undo gives\n%s\nwant\n%s", got, before)
			}
			if !slices.Equal(s.Game().Tags, tags) {
				t.Errorf("undo gives tags %v, want %v", s.Game().Tags, tags)
			}
			if !slices.Equal(editPath(s.Current()), curPath) {
				t.Errorf("cursor after undo at %v, want %v", editPath(s.Current()), curPath)
			}
			if s.TreeVersion() == version {
				t.Error("undo kept the tree version")
			}
			if s.CanUndo() || s.RedoLabel() != "Redo "+tc.label {
				t.Errorf("after undo: can undo %v, redo label %q", s.CanUndo(), s.RedoLabel())
			}

			if err := s.Redo(); err != nil {
				t.Fatalf("redo: %v", err)
			}
			if got := editExport(t, s); got != after {
				t.Fatalf("redo gives\n%s\nwant\n%s", got, after)
			}
			if !slices.Equal(editPath(s.Current()), curAfter) {
				t.Errorf("cursor after redo at %v, want %v", editPath(s.Current()), curAfter)
			}
			tc.check(t, s)
			if err := s.Redo(); err == nil {
				t.Error("a second redo succeeded")
			}
		})
	}
}

// wantComment checks that the comment after n's move is want.
func wantComment(t *testing.T, n *game.Node, want string) {
	t.Helper()
	if got := n.Comment(); got != want {
		t.Errorf("comment %q, want %q", got, want)
	}
}

func wantNAGs(t *testing.T, n *game.Node, want []uint8) {
	t.Helper()
	got := slices.Sorted(slices.Values(n.NAGs()))
	if !slices.Equal(got, want) {
		t.Errorf("NAGs %v, want %v", got, want)
	}
}

func TestEditRefusals(t *testing.T) {
	s, e := editLoad(t, editBase)
	main := editFind(t, s, "e4", "e5")
	before := editExport(t, s)
	for name, err := range map[string]error{
		"promote main":        e.PromoteVariation(main),
		"make main of main":   e.MakeMainLine(main),
		"delete main as var":  e.DeleteVariation(main),
		"delete root":         e.DeleteFrom(s.Game().Root()),
		"NAG on root":         e.ToggleNAG(s.Game().Root(), 1),
		"null NAG":            e.ToggleNAG(main, 0),
		"arrow to itself":     e.ToggleArrow(main, sq(t, "e2"), sq(t, "e2"), game.Red),
		"bad colour":          e.ToggleSquare(main, sq(t, "e2"), game.MarkColor('X')),
		"remove roster tag":   e.RemoveTag("White"),
		"remove missing tag":  e.RemoveTag("ECO"),
		"FEN tag":             e.SetTag("FEN", "8/8/8/8/8/8/8/8 w - - 0 1"),
		"bad result":          e.SetTag("Result", "won"),
		"bad tag name":        e.SetTag("no spaces", "x"),
		"comment before root": e.SetCommentBeforeText(s.Game().Root(), "x"),
		"illegal move":        func() error { _, err := e.AddMove(main, chess.NewMove(sq(t, "e2"), sq(t, "e5"))); return err }(),
		"null move":           func() error { _, err := e.AddMove(main, chess.NullMove); return err }(),
	} {
		if err == nil {
			t.Errorf("%s: no error", name)
		} else if err.Error() != strings.ToLower(err.Error()[:1])+err.Error()[1:] {
			t.Errorf("%s: error %q starts with a capital", name, err)
		}
	}
	other := game.New()
	if err := e.SetCommentText(other.Root(), "x"); err == nil {
		t.Error("a node of another game was edited")
	}
	if got := editExport(t, s); got != before {
		t.Errorf("a refused edit changed the game:\n%s", got)
	}
	if s.CanUndo() {
		t.Error("a refused edit was recorded")
	}
	// Edits that change nothing are not recorded either.
	if err := e.SetCommentText(editFind(t, s, "e4"), "Best  by test"); err != nil || s.CanUndo() {
		t.Errorf("same text: %v, recorded %v", err, s.CanUndo())
	}
	if err := e.SetTag("White", "Anna"); err != nil || s.CanUndo() {
		t.Errorf("same tag: %v, recorded %v", err, s.CanUndo())
	}
	// Following an existing move is navigation.
	if n, err := e.AddMove(main, editMove(t, main, "Nf3")); err != nil || n != editFind(t, s, "e4", "e5", "Nf3") || s.CanUndo() {
		t.Errorf("existing move: %v, recorded %v", err, s.CanUndo())
	}
}

func TestEditFinishedGameEnd(t *testing.T) {
	s, e := editLoad(t, strings.NewReplacer("a6 *", "a6 1-0", `"*"`, `"1-0"`).Replace(editBase))
	end := s.Game().End()
	if _, err := e.AddMove(end, editMove(t, end, "Ba4")); err == nil {
		t.Error("a move was added after the result")
	}
	if _, err := e.AddMove(end.Parent(), editMove(t, end.Parent(), "Nf6")); err != nil {
		t.Errorf("variation before the end: %v", err)
	}
}

func TestEditLiveGame(t *testing.T) {
	s := app.NewSession(app.WithClock(fixedNow))
	e := app.NewEditor(s)
	if fb := s.PlayMove(chess.NewMove(sq(t, "e2"), sq(t, "e4"))); !fb.Moved {
		t.Fatalf("move: %+v", fb)
	}
	// A casual game allows takebacks: the move is the change to undo.
	if !s.CanUndo() || s.UndoLabel() != "Undo move 1. e4" {
		t.Errorf("a casual live move: can undo %v, label %q", s.CanUndo(), s.UndoLabel())
	}
	n := s.Current()
	for name, err := range map[string]error{
		"comment": e.SetCommentText(n, "Hi"),
		"NAG":     e.ToggleNAG(n, 1),
		"arrow":   e.ToggleArrow(n, sq(t, "d2"), sq(t, "d4"), game.Green),
		"square":  e.ToggleSquare(n, sq(t, "d4"), game.Red),
		"end":     e.SetEndCommentText("x"),
		"add":     func() error { _, err := e.AddMove(n, editMove(t, n, "e5")); return err }(),
		"delete":  e.DeleteFrom(n),
		"result":  e.SetTag("Result", "1-0"),
	} {
		if err == nil {
			t.Errorf("%s: allowed in a live game", name)
		}
		if name != "result" && !errors.Is(err, app.ErrLiveGame) {
			t.Errorf("%s: %v, want ErrLiveGame", name, err)
		}
	}
	if !strings.Contains(e.SetCommentText(n, "Hi").Error(), "annotations are available after the game") {
		t.Error("wrong message")
	}
	// Names may be corrected during play.
	if err := e.SetTag("White", "Dana"); err != nil {
		t.Fatalf("tag in a live game: %v", err)
	}
	if err := s.Undo(); err != nil || s.Game().Tags.Value("White") != "White" {
		t.Errorf("undo tag: %v, White %q", err, s.Game().Tags.Value("White"))
	}
}

func TestEditHistory(t *testing.T) {
	s, e := editLoad(t, editBase)
	n := editFind(t, s, "e4")
	base := editExport(t, s)
	for i := range 205 {
		if err := e.SetCommentText(n, fmt.Sprint("note ", i)); err != nil {
			t.Fatal(err)
		}
	}
	undone := 0
	for s.CanUndo() {
		if err := s.Undo(); err != nil {
			t.Fatal(err)
		}
		undone++
	}
	if undone != 200 {
		t.Errorf("%d undos, want the 200 newest", undone)
	}
	if got := game.CommentText(n.Comment()); got != "note 4" {
		t.Errorf("oldest kept state %q, want note 4", got)
	}
	if err := s.Undo(); err == nil {
		t.Error("undo beyond the history")
	}
	// An edit after undo drops the redo history.
	if err := e.ToggleNAG(n, 3); err != nil {
		t.Fatal(err)
	}
	if s.CanRedo() {
		t.Error("redo survives a new edit")
	}
	// A game loaded by other means drops the history.
	games, _ := store.DecodeGames(strings.NewReader(base))
	s.Load(games[0], "", 0)
	if s.CanUndo() || s.Undo() == nil {
		t.Error("history survives loading a game")
	}
	// A move played through the session is an edit of the same history:
	// there is no way past it.
	if err := e.SetCommentText(s.Game().Root(), "x"); err != nil {
		t.Fatal(err)
	}
	s.GoTo(s.Game().Root())
	if fb := s.PlayMove(chess.NewMove(sq(t, "d2"), sq(t, "d4"))); !fb.Moved {
		t.Fatalf("move: %+v", fb)
	}
	if s.UndoLabel() != "Undo add move" {
		t.Errorf("after a move played through the session: %q", s.UndoLabel())
	}
	if err := s.Undo(); err != nil || s.Current() != s.Game().Root() || s.Game().Root().ChildFor(chess.NewMove(sq(t, "d2"), sq(t, "d4"))) != nil {
		t.Errorf("undo of the move: %v", err)
	}
}

func TestEditUpDown(t *testing.T) {
	s, e := editLoad(t, editBase)
	if e.Up() || e.Down() {
		t.Error("moved at the root")
	}
	s.Forward() // 1. e4: no alternative
	if e.Down() {
		t.Error("moved without alternatives")
	}
	s.Forward() // 1... e5
	for _, step := range []struct {
		down  bool
		moved bool
		want  string
	}{
		{true, true, "c5"}, {true, true, "e6"}, {true, false, "e6"},
		{false, true, "c5"}, {false, true, "e5"}, {false, false, "e5"},
	} {
		var moved bool
		if step.down {
			moved = e.Down()
		} else {
			moved = e.Up()
		}
		if moved != step.moved || s.Current().SAN() != step.want {
			t.Fatalf("down %v: moved %v to %s, want %v %s", step.down, moved, s.Current().SAN(), step.moved, step.want)
		}
	}
	e.Down()
	s.Forward()
	if got := s.Current().SAN(); got != "Nf3" || s.Current().Parent().SAN() != "c5" {
		t.Errorf("Forward after Down shows %s", got)
	}
}

// editCorpus returns games with variations: an inline one and the first
// annotated lichess games with variations.
func editCorpus(t *testing.T) []string {
	texts := []string{editBase}
	data := corpus.Read(t, "pgn/lichess_annotated_1k.pgn.gz")
	for _, g := range strings.Split(string(data), "\n[Event ")[1:] {
		if strings.Contains(g, "(") {
			texts = append(texts, "[Event "+g)
			if len(texts) == 4 {
				break
			}
		}
	}
	return texts
}

// TestEditRandomUndoRedo makes 200 random edits (with some undos and redos
// among them), then undoes everything and redoes everything, comparing the
// PGN export and the cursor with every recorded state.
func TestEditRandomUndoRedo(t *testing.T) {
	for gi, text := range editCorpus(t) {
		t.Run(fmt.Sprint("game", gi), func(t *testing.T) {
			editRandom(t, text, uint64(gi)+1)
		})
	}
}

type editStep struct {
	pgn           string
	before, after []int // cursor
}

func editRandom(t *testing.T, text string, seed uint64) {
	s, e := editLoad(t, text)
	rng := rand.New(rand.NewPCG(seed, 0x70c4))
	original := editExport(t, s)
	var done, undone []editStep // done[i]: state after edit i
	state := func() string {
		if len(done) == 0 {
			return original
		}
		return done[len(done)-1].pgn
	}
	words := []string{"good", "bad", "idea", "{sharp}", "unclear", "[%eval 1.0]", "Kasparov's", "wins"}
	colors := []game.MarkColor{game.Green, game.Red, game.Blue, game.Yellow}
	nags := []uint8{1, 2, 3, 4, 5, 6, 7, 10, 13, 14, 15, 16, 17, 18, 19, 22, 146}
	tags := []string{"Annotator", "ECO", "White", "Event", "Opening", "Round", "Extra_1", "Result"}
	randomNode := func() *game.Node {
		if rng.IntN(3) == 0 {
			return s.Current()
		}
		nodes := []*game.Node{s.Game().Root()}
		for n := range s.Game().Nodes() {
			nodes = append(nodes, n)
		}
		return nodes[rng.IntN(len(nodes))]
	}
	randomText := func() string {
		var ws []string
		for range rng.IntN(4) {
			ws = append(ws, words[rng.IntN(len(words))])
		}
		return strings.Join(ws, " ")
	}
	randomMove := func(n *game.Node) (chess.Move, bool) {
		p := n.Position()
		var ml chess.MoveList
		p.GenerateLegal(&ml)
		var fresh []chess.Move
		for _, m := range ml.Slice() {
			if n.ChildFor(m) == nil {
				fresh = append(fresh, m)
			}
		}
		if len(fresh) == 0 {
			return 0, false
		}
		return fresh[rng.IntN(len(fresh))], true
	}
	randomSquare := func() chess.Square { return chess.Square(rng.IntN(64)) }

	edits := 0
	for attempt := 0; edits < 200 && attempt < 20000; attempt++ {
		op := rng.IntN(19)
		if op == 17 || op == 18 { // undo, redo
			if op == 17 && len(done) > 0 && rng.IntN(4) == 0 {
				st := done[len(done)-1]
				if err := s.Undo(); err != nil {
					t.Fatalf("undo: %v", err)
				}
				done, undone = done[:len(done)-1], append(undone, st)
				if got := editExport(t, s); got != state() {
					t.Fatalf("undo during edits gives\n%s\nwant\n%s", got, state())
				}
				if !slices.Equal(editPath(s.Current()), st.before) {
					t.Fatalf("undo: cursor %v, want %v", editPath(s.Current()), st.before)
				}
			}
			if op == 18 && len(undone) > 0 {
				st := undone[len(undone)-1]
				if err := s.Redo(); err != nil {
					t.Fatalf("redo: %v", err)
				}
				undone, done = undone[:len(undone)-1], append(done, st)
				if got := editExport(t, s); got != st.pgn {
					t.Fatalf("redo during edits gives\n%s\nwant\n%s", got, st.pgn)
				}
			}
			continue
		}
		n := randomNode()
		before := editPath(s.Current())
		version := s.TreeVersion()
		var err error
		switch op {
		case 0:
			err = e.SetCommentText(n, randomText())
		case 1:
			err = e.SetCommentBeforeText(n, randomText())
		case 2:
			err = e.SetEndCommentText(randomText())
		case 3, 4:
			err = e.ToggleNAG(n, nags[rng.IntN(len(nags))])
		case 5:
			err = e.ClearNAGs(n)
		case 6:
			err = e.ToggleArrow(n, randomSquare(), randomSquare(), colors[rng.IntN(len(colors))])
		case 7:
			err = e.ToggleSquare(n, randomSquare(), colors[rng.IntN(len(colors))])
		case 8:
			if m, ok := randomMove(n); ok {
				_, err = e.AddMove(n, m)
			}
		case 9: // a move on the board
			s.GoTo(n)
			before = editPath(s.Current())
			if m, ok := randomMove(n); ok {
				s.PlayMove(m)
			}
		case 10:
			err = e.PromoteVariation(n)
		case 11:
			err = e.MakeMainLine(n)
		case 12:
			err = e.DeleteVariation(n)
		case 13: // rarely near the start, where it would leave little to edit
			if rng.IntN(3) == 0 && (n.Ply() > 8 || rng.IntN(5) == 0) {
				err = e.DeleteFrom(n)
			}
		case 14:
			tag := tags[rng.IntN(len(tags))]
			v := randomText()
			if tag == "Result" {
				v = []string{"1-0", "0-1", "1/2-1/2", "*"}[rng.IntN(4)]
			}
			err = e.SetTag(tag, v)
		case 15:
			err = e.RemoveTag(tags[rng.IntN(len(tags))])
		case 16: // navigation
			s.GoTo(n)
			if rng.IntN(2) == 0 {
				e.Up()
			} else {
				e.Down()
			}
		}
		if err != nil || s.TreeVersion() == version {
			if got := editExport(t, s); got != state() {
				t.Fatalf("op %d failed (%v) or did nothing, yet changed the game", op, err)
			}
			continue
		}
		edits++
		done = append(done, editStep{pgn: editExport(t, s), before: before, after: editPath(s.Current())})
		undone = undone[:0]
		if s.CanRedo() {
			t.Fatal("redo possible after an edit")
		}
	}
	if edits < 200 {
		t.Fatalf("only %d edits succeeded", edits)
	}
	if state() == original {
		t.Fatal("200 edits left the game as it was")
	}
	final, finalCur := state(), editPath(s.Current())

	// Undo everything: every state comes back, then the original.
	for i := len(done) - 1; i >= 0; i-- {
		if err := s.Undo(); err != nil {
			t.Fatalf("undo %d: %v", i, err)
		}
		want := original
		if i > 0 {
			want = done[i-1].pgn
		}
		if got := editExport(t, s); got != want {
			t.Fatalf("undo %d gives\n%s\nwant\n%s", i, got, want)
		}
		if !slices.Equal(editPath(s.Current()), done[i].before) {
			t.Fatalf("undo %d: cursor %v, want %v", i, editPath(s.Current()), done[i].before)
		}
	}
	if s.CanUndo() {
		t.Fatal("more undos than edits")
	}
	// Redo everything.
	for i := range done {
		if err := s.Redo(); err != nil {
			t.Fatalf("redo %d: %v", i, err)
		}
		if got := editExport(t, s); got != done[i].pgn {
			t.Fatalf("redo %d gives\n%s\nwant\n%s", i, got, done[i].pgn)
		}
		if !slices.Equal(editPath(s.Current()), done[i].after) {
			t.Fatalf("redo %d: cursor %v, want %v", i, editPath(s.Current()), done[i].after)
		}
	}
	if got := editExport(t, s); got != final || !slices.Equal(editPath(s.Current()), finalCur) {
		t.Fatal("redo all does not give the final state")
	}
	if s.CanRedo() {
		t.Fatal("more redos than undos")
	}
}

// A variation with a null move can become the main line: it is written
// "--" there as in variations, and undo restores the game.
func TestEditNullMoveToMainLine(t *testing.T) {
	s, e := editLoad(t, "[Event \"?\"]\n[Result \"*\"]\n\n1. e4 e5 (1... -- 2. d4 d5) 2. Nf3 *\n")
	before := editExport(t, s)
	pass := s.Game().Root().Next().Children()[1]
	if pass.Move() != chess.NullMove {
		t.Fatalf("no null move read: %s", pass.SAN())
	}
	if err := e.PromoteVariation(pass.Next()); err != nil {
		t.Fatal(err)
	}
	if got := editExport(t, s); !strings.Contains(got, "1. e4 -- ( 1... e5 2. Nf3 ) 2. d4 d5 *") {
		t.Fatalf("null move on the main line:\n%s", got)
	}
	if err := s.Undo(); err != nil || editExport(t, s) != before {
		t.Fatalf("undo: %v\n%s", err, editExport(t, s))
	}
}

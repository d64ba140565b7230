package game_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"touchmove/core/chess"
	"touchmove/core/game"
)

func TestTags(t *testing.T) {
	var tags game.Tags
	tags.Set("White", "A")
	tags.Set("Black", "B")
	tags = append(tags, game.Tag{Name: "White", Value: "dup"})
	tags.Set("White", "C")
	if want := (game.Tags{{Name: "White", Value: "C"}, {Name: "Black", Value: "B"}}); !slices.Equal(tags, want) {
		t.Errorf("tags = %v, want %v", tags, want)
	}
	if v, ok := tags.Lookup("Black"); !ok || v != "B" {
		t.Errorf("Lookup = %q, %v", v, ok)
	}
	if tags.Value("Event") != "" {
		t.Error("Value of a missing tag")
	}
	tags.Delete("White")
	tags.FillRoster()
	if len(tags) != 7 || tags.Value("Date") != "????.??.??" || tags.Value("Result") != "*" || tags.Value("Black") != "B" {
		t.Errorf("after FillRoster: %v", tags)
	}
	c := tags.Clone()
	c.Set("Black", "X")
	if tags.Value("Black") != "B" {
		t.Error("Clone shares storage")
	}
	for _, tc := range []struct {
		name string
		ok   bool
	}{{"Event", true}, {"My_Tag2", true}, {"", false}, {"_x", false}, {"a b", false}, {"Ä", false}} {
		if game.ValidTagName(tc.name) != tc.ok {
			t.Errorf("ValidTagName(%q) != %v", tc.name, tc.ok)
		}
	}
}

func TestNormalize(t *testing.T) {
	dates := []struct{ in, want string }{
		{"2024.03.14", "2024.03.14"}, {"2024-03-14", "2024.03.14"}, {"2024.3.4", "2024.03.04"},
		{"2024/3/1", "2024.03.01"}, {"2024", "2024.??.??"}, {"2024.??.??", "2024.??.??"},
		{"????.??.??", "????.??.??"}, {"?", "????.??.??"},
	}
	for _, tc := range dates {
		if got, ok := game.NormalizeDate(tc.in); !ok || got != tc.want {
			t.Errorf("NormalizeDate(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
	for _, bad := range []string{"", "yesterday", "2024.13.01", "2024.01.32", "2024.00.10", "1.2.3.4"} {
		if got, ok := game.NormalizeDate(bad); ok || got != bad {
			t.Errorf("NormalizeDate(%q) = %q, %v", bad, got, ok)
		}
	}
}

func TestStartFromTags(t *testing.T) {
	tests := []struct {
		name    string
		tags    game.Tags
		fen     string
		c960    bool
		wantErr error
	}{
		{"standard", nil, chess.StartFEN, false, nil},
		{"FEN with SetUp", game.Tags{{Name: "SetUp", Value: "1"}, {Name: "FEN", Value: "4k3/8/8/8/8/8/8/4K3 b - - 0 50"}}, "4k3/8/8/8/8/8/8/4K3 b - - 0 50", false, nil},
		{"FEN without SetUp", game.Tags{{Name: "FEN", Value: "4k3/8/8/8/8/8/8/4K3 w - - 0 1"}}, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, nil},
		{"Chess960", game.Tags{{Name: "Variant", Value: "chess 960"}, {Name: "FEN", Value: "rqbbnnkr/pppppppp/8/8/8/8/PPPPPPPP/RQBBNNKR w KQkq - 0 1"}}, "rqbbnnkr/pppppppp/8/8/8/8/PPPPPPPP/RQBBNNKR w KQkq - 0 1", true, nil},
		{"Shredder-FEN", game.Tags{{Name: "Variant", Value: "Fischerandom"}, {Name: "FEN", Value: "rqbbnnkr/pppppppp/8/8/8/8/PPPPPPPP/RQBBNNKR w HAha - 0 1"}}, "rqbbnnkr/pppppppp/8/8/8/8/PPPPPPPP/RQBBNNKR w KQkq - 0 1", true, nil},
		{"lichess standard", game.Tags{{Name: "Variant", Value: "Standard"}}, chess.StartFEN, false, nil},
		{"unknown variant", game.Tags{{Name: "Variant", Value: "Atomic"}}, chess.StartFEN, false, game.ErrVariant},
		{"bad FEN", game.Tags{{Name: "FEN", Value: "nonsense"}}, chess.StartFEN, false, nil},
		{"repaired castling", game.Tags{{Name: "FEN", Value: "r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1"}}, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", false, game.ErrCastlingRepaired},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := game.StartFromTags(tc.tags)
			if tc.name == "bad FEN" {
				if err == nil {
					t.Fatal("no error for a bad FEN")
				}
			} else if !errors.Is(err, tc.wantErr) {
				t.Fatalf("err = %v, want %v", err, tc.wantErr)
			}
			if p.FEN() != tc.fen || p.Chess960() != tc.c960 {
				t.Errorf("position %q (960 %v), want %q (960 %v)", p.FEN(), p.Chess960(), tc.fen, tc.c960)
			}
		})
	}
}

func mustSAN(t *testing.T, n *game.Node, sans ...string) *game.Node {
	t.Helper()
	for _, s := range sans {
		c, err := n.AddSAN(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		n = c
	}
	return n
}

func sans(nodes []*game.Node) []string {
	var out []string
	for _, n := range nodes {
		out = append(out, n.SAN())
	}
	return out
}

func TestTreeEditing(t *testing.T) {
	g := game.New()
	root := g.Root()
	e4 := mustSAN(t, root, "e4")
	e5 := mustSAN(t, e4, "e5")
	mustSAN(t, e5, "Nf3", "Nc6")
	c5 := mustSAN(t, e4, "c5")
	e6 := mustSAN(t, e4, "e6")
	if again := mustSAN(t, e4, "e5"); again != e5 {
		t.Error("AddSAN of an existing move made a new node")
	}
	m, _ := func() (chess.Move, error) { p := e4.Position(); return p.ParseSAN("c5") }()
	if again, err := e4.AddMove(m); err != nil || again != c5 {
		t.Errorf("AddMove of an existing move: %v, %v", again, err)
	}
	if _, err := e4.AddMove(chess.NewMove(chess.E2, chess.E4)); !errors.Is(err, chess.ErrIllegalMove) {
		t.Errorf("AddMove of an illegal move: %v", err)
	}
	if got := sans(e4.Children()); !slices.Equal(got, []string{"e5", "c5", "e6"}) {
		t.Fatalf("children %v", got)
	}
	if g.PlyCount() != 4 || !e5.IsMainLine() || c5.IsMainLine() || c5.Index() != 1 || root.Index() != -1 {
		t.Errorf("PlyCount %d, main %v %v, index %d", g.PlyCount(), e5.IsMainLine(), c5.IsMainLine(), c5.Index())
	}

	if !e6.Promote() || !slices.Equal(sans(e4.Children()), []string{"e5", "e6", "c5"}) {
		t.Errorf("Promote: %v", sans(e4.Children()))
	}
	if !e6.Demote() || e6.Demote() || !slices.Equal(sans(e4.Children()), []string{"e5", "c5", "e6"}) {
		t.Errorf("Demote: %v", sans(e4.Children()))
	}
	e6.PromoteToMain()
	if !slices.Equal(sans(e4.Children()), []string{"e6", "e5", "c5"}) || g.PlyCount() != 2 {
		t.Errorf("PromoteToMain: %v, plies %d", sans(e4.Children()), g.PlyCount())
	}
	// A deeper variation becomes the main line at every level.
	d4 := mustSAN(t, root, "d4")
	d5 := mustSAN(t, d4, "d5", "c4")
	d5.MakeMainLine()
	if !d5.IsMainLine() || root.Next() != d4 || g.End() != d5 {
		t.Errorf("MakeMainLine: main line %v", sans(root.MainLine()[1:]))
	}
	if e4.Promote() != true || root.Next() != e4 {
		t.Error("Promote back")
	}

	c5.Delete()
	if !slices.Equal(sans(e4.Children()), []string{"e6", "e5"}) || c5.Parent() != nil {
		t.Errorf("Delete: %v", sans(e4.Children()))
	}
	root.Delete() // no effect
	e5.Truncate()
	if len(e5.Children()) != 0 || e5.Next() != nil {
		t.Error("Truncate")
	}

	var all []string
	for n := range g.Nodes() {
		all = append(all, n.SAN())
	}
	if !slices.Equal(all, []string{"e4", "e6", "e5", "d4", "d5", "c4"}) {
		t.Errorf("Nodes: %v", all)
	}
	var main []string
	for n := range g.MainLine() {
		main = append(main, n.SAN())
	}
	if !slices.Equal(main, []string{"e4", "e6"}) {
		t.Errorf("MainLine: %v", main)
	}
}

func TestNavigation(t *testing.T) {
	p, err := chess.FromFEN("r5k1/1P3ppp/8/8/4Q2Q/8/8/1K5Q b - - 0 50")
	if err != nil {
		t.Fatal(err)
	}
	g := game.NewFromPosition(p)
	if g.Tags.Value("SetUp") != "1" || g.Tags.Value("FEN") != p.FEN() {
		t.Errorf("tags %v", g.Tags)
	}
	root := g.Root()
	if root.MoveNumber() != 50 || root.Mover() != chess.Black || root.Ply() != 0 {
		t.Errorf("root: move %d, mover %v", root.MoveNumber(), root.Mover())
	}
	rc8 := mustSAN(t, root, "Rc8")
	qe1 := mustSAN(t, rc8, "Qh4e1")
	h6 := mustSAN(t, qe1, "h6")
	if rc8.MoveNumber() != 50 || rc8.Mover() != chess.Black || qe1.MoveNumber() != 51 || qe1.Mover() != chess.White || h6.Ply() != 3 {
		t.Errorf("numbers: %d %v %d %v ply %d", rc8.MoveNumber(), rc8.Mover(), qe1.MoveNumber(), qe1.Mover(), h6.Ply())
	}
	if qe1.SAN() != "Qh4e1" || qe1.Parent() != rc8 || h6.Root() != root || h6.Game() != g {
		t.Error("links")
	}
	pos := h6.Position()
	if got := pos.FEN(); got != "2r3k1/1P3pp1/7p/8/4Q3/8/8/1K2Q2Q w - - 0 52" {
		t.Errorf("Position = %q", got)
	}
	if err := g.SetStart(chess.StartPosition()); !errors.Is(err, game.ErrHasMoves) {
		t.Errorf("SetStart with moves: %v", err)
	}
	g2 := game.New()
	if err := g2.SetStart(p); err != nil {
		t.Fatalf("SetStart: %v", err)
	}
	if start := g2.Start(); start.FEN() != p.FEN() || g2.Root().MoveNumber() != 50 {
		t.Errorf("start %q", start.FEN())
	}
	c960, _ := chess.Chess960Start(405)
	g3 := game.NewFromPosition(c960)
	if g3.Tags.Value("Variant") != "Chess960" || g3.Tags.Value("SetUp") != "1" {
		t.Errorf("Chess960 tags: %v", g3.Tags)
	}
	if err := g3.SetStart(chess.StartPosition()); err != nil || g3.Tags.Value("FEN") != "" {
		t.Errorf("back to the standard start: %v %v", err, g3.Tags)
	}
}

func TestCommentsAndNAGs(t *testing.T) {
	g := game.New()
	n := mustSAN(t, g.Root(), "e4")
	n.SetComment("  first ")
	n.AppendComment("second")
	n.SetCommentBefore("before")
	n.AppendCommentBefore(" again ")
	if n.Comment() != "first second" || n.CommentBefore() != "before again" {
		t.Errorf("comments %q / %q", n.Comment(), n.CommentBefore())
	}
	n.AddNAG(6)
	n.AddNAG(1)
	n.AddNAG(6)
	if !slices.Equal(n.NAGs(), []uint8{6, 1}) || !n.HasNAG(1) {
		t.Errorf("NAGs %v", n.NAGs())
	}
	n.RemoveNAG(6)
	n.SetNAGs([]uint8{3, 3, 14})
	if !slices.Equal(n.NAGs(), []uint8{3, 14}) {
		t.Errorf("SetNAGs %v", n.NAGs())
	}
	n.ClearNAGs()
	if len(n.NAGs()) != 0 {
		t.Error("ClearNAGs")
	}
	g.SetEndComment(" end ")
	g.Root().SetComment("start")
	if g.EndComment() != "end" || g.Root().Comment() != "start" {
		t.Error("game comments")
	}
	if g.Result() != chess.Unfinished {
		t.Errorf("Result %v", g.Result())
	}
}

// TestNullMove checks that a null move passes the turn in a variation.
func TestNullMove(t *testing.T) {
	g := game.New()
	e4 := mustSAN(t, g.Root(), "e4")
	null, err := e4.AddMove(chess.NullMove)
	if err != nil {
		t.Fatal(err)
	}
	d4 := mustSAN(t, null, "d4")
	p := d4.Position()
	if p.Turn() != chess.Black || p.PieceAt(chess.D4) != chess.WhitePawn {
		t.Errorf("after e4 -- d4: %s", p.FEN())
	}
}

// A lichess "From Position" game whose FEN gives a side nine pawns is read
// and played, with a warning; a FEN with no black king is still an error.
func TestStartFromTagsImpossibleButPlayable(t *testing.T) {
	tags := game.Tags{{Name: "SetUp", Value: "1"}, {Name: "FEN", Value: "4k3/pppppppp/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1"}}
	p, err := game.StartFromTags(tags)
	if !errors.Is(err, game.ErrImpossiblePosition) || len(p.LegalMoves()) == 0 {
		t.Fatalf("nine pawns: %v", err)
	}
	tags[1].Value = "8/8/8/8/8/8/8/4K3 w - - 0 1"
	if _, err := game.StartFromTags(tags); err == nil || errors.Is(err, game.ErrImpossiblePosition) {
		t.Fatalf("no black king: %v", err)
	}
}

// TestComments checks that comments written apart stay apart through the
// edits that do not touch them (pgn.md §13).
func TestComments(t *testing.T) {
	tests := []struct {
		name string
		edit func(n *game.Node)
		want []string
	}{
		{"as appended", func(*game.Node) {}, []string{"[%clk 0:05:00]", "first", "second"}},
		{"set clock", func(n *game.Node) { n.SetClock(4 * time.Minute) }, []string{"[%clk 0:04:00]", "first", "second"}},
		{"new command", func(n *game.Node) { n.SetEval(game.Eval{Centipawns: 35}) }, []string{"[%clk 0:05:00] [%eval 0.35]", "first", "second"}},
		{"remove the clock", func(n *game.Node) { n.RemoveCommand("clk") }, []string{"first", "second"}},
		{"set comment", func(n *game.Node) { n.SetComment("one") }, []string{"one"}},
		{"set comments", func(n *game.Node) { n.SetComments([]string{"a", " ", "b"}) }, []string{"a", "b"}},
		{"cleared", func(n *game.Node) { n.SetComment("") }, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := mustSAN(t, game.New().Root(), "e4")
			n.AppendComment("[%clk 0:05:00]")
			n.AppendComment(" first ")
			n.AppendComment("")
			n.AppendComment("second")
			tc.edit(n)
			if got := n.Comments(); !slices.Equal(got, tc.want) {
				t.Errorf("Comments() = %q, want %q", got, tc.want)
			}
			if got, want := n.Comment(), strings.Join(tc.want, " "); got != want {
				t.Errorf("Comment() = %q, want %q", got, want)
			}
		})
	}
}

// TestCommentsBeforeAndAtTheEnd checks that the comments before a move and
// those that close the main line stay apart too, and that setting one
// comment replaces them all.
func TestCommentsBeforeAndAtTheEnd(t *testing.T) {
	g := game.New()
	n := mustSAN(t, g.Root(), "e4")
	if n.CommentsBefore() != nil || g.EndComments() != nil {
		t.Fatalf("a new game has comments: %q, %q", n.CommentsBefore(), g.EndComments())
	}
	places := []struct {
		name   string
		add    func(string)
		set    func(string)
		parts  func() []string
		joined func() string
	}{
		{"before", n.AppendCommentBefore, n.SetCommentBefore, n.CommentsBefore, n.CommentBefore},
		{"end", g.AppendEndComment, g.SetEndComment, g.EndComments, g.EndComment},
	}
	for _, p := range places {
		p.add(" Or ")
		p.add("")
		p.add("simply")
		if got, want := p.parts(), []string{"Or", "simply"}; !slices.Equal(got, want) {
			t.Errorf("%s: parts %q, want %q", p.name, got, want)
		}
		if got := p.joined(); got != "Or simply" {
			t.Errorf("%s: joined %q", p.name, got)
		}
		p.set(" one ")
		if got := p.parts(); !slices.Equal(got, []string{"one"}) {
			t.Errorf("%s: after set, parts %q", p.name, got)
		}
		p.set("")
		if got := p.parts(); got != nil {
			t.Errorf("%s: after clearing, parts %q", p.name, got)
		}
	}
}

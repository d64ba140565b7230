package pgn

import (
	"io"
	"strings"
	"testing"
)

// events reads every game of input with a recorder and returns its calls,
// one per line, without their positions.
func events(t *testing.T, input string) string {
	t.Helper()
	r := NewReader(strings.NewReader(input))
	var rec recorder
	for {
		err := r.ReadGame(&rec)
		if err == io.EOF {
			break
		}
		if err != nil {
			rec.p("error %v", err)
		}
	}
	var out []string
	for _, l := range strings.Split(strings.TrimSpace(rec.b.String()), "\n") {
		if k := strings.LastIndex(l, " @"); k >= 0 {
			l = l[:k]
		}
		out = append(out, l)
	}
	return strings.Join(out, "; ")
}

func TestTokens(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"numbers", "1.e4 1...e5 2 . Nf3 *",
			"begin 1; endtags; num 1; move e4; num 1; move e5; num 2; move Nf3; result *; end"},
		{"promotion forms", "e8(Q) e8/Q e8=Q+ *",
			"begin 1; endtags; move e8(Q); move e8/Q; move e8=Q+; result *; end"},
		{"en passant marks", "exd6e.p. exd6 e.p. exd6ep exd6 ep *",
			"begin 1; endtags; move exd6e.p.; move exd6; move exd6ep; move exd6; result *; end"},
		{"percent lines", "%private\n1. e4 %x\n% e5\n*",
			"begin 1; endtags; num 1; move e4; move x; result *; end; error pgn: 2:7: game 1: unexpected character '%'"},
		{"rest of line comments", "1. e4 ; rest {of} line\ne5 *",
			`begin 1; endtags; num 1; move e4; comment "rest {of} line"; move e5; result *; end`},
		{"clock wrapped to line start", "[Event \"a\"]\n\n1. e4 {\n[%clk 0:00:10] } e5 {[%clk\n0:00:09]} 1-0\n[Event \"b\"]\n1. d4 *",
			`begin 1; tag Event="a"; endtags; num 1; move e4; comment "[%clk 0:00:10]"; move e5; comment "[%clk\n0:00:09]"; result 1-0; end; begin 2; tag Event="b"; endtags; num 1; move d4; result *; end`},
		{"new game at a tag line", "1. e4 e5\n[Event \"b\"] 1. d4 *",
			"begin 1; endtags; num 1; move e4; move e5; end; error pgn: 1:9: game 1: missing result token; begin 2; tag Event=\"b\"; endtags; num 1; move d4; result *; end"},
		{"comment before the tags", "{about the file}\n[Event \"a\"]\n*",
			`begin 1; comment "about the file"; tag Event="a"; endtags; result *; end`},
		{"comments after the last game are dropped", "1. e4 * {trailing}\n",
			"begin 1; endtags; num 1; move e4; result *; end"},
		{"several tags per line, escapes", `[A "x\"y\\z"][B "2"]  [C  "3" ] *`,
			`begin 1; tag A="x\"y\\z"; tag B="2"; tag C="3"; endtags; result *; end`},
		{"glyphs", "e4!? e5 ± Nf3 +/= N $255 *",
			"begin 1; endtags; move e4; nag 5; move e5; nag 16; move Nf3; nag 14; nag 146; nag 255; result *; end"},
		{"null moves", "e4 -- Z0 0000 *",
			"begin 1; endtags; move e4; move --; move Z0; move 0000; result *; end"},
		{"figurines and castling with zeros", "♘f3 0-0 0-0-0 O-O *",
			"begin 1; endtags; move ♘f3; move 0-0; move 0-0-0; move O-O; result *; end"},
		{"tagless games in a row", "1. e4 1-0 1. d4 0-1",
			"begin 1; endtags; num 1; move e4; result 1-0; end; begin 2; endtags; num 1; move d4; result 0-1; end"},
		{"result in a variation", "e4 (d4 1-0) e5 *",
			"begin 1; endtags; move e4; (; move d4; ); move e5; result *; end; error pgn: 1:8: game 1: result token inside a variation"},
		{"variation before any move", "(e4) d4 *",
			"begin 1; endtags; move d4; result *; end; error pgn: 1:1: game 1: variation without a move before it"},
		{"unclosed variation", "e4 (d4 (c4",
			"begin 1; endtags; move e4; (; move d4; (; move c4; ); ); end; error pgn: 1:11: game 1: missing result token (and 1 more errors)"},
		{"blank line ends a tag-only game", "[Event \"a\"]\n\n[Event \"b\"]\n*",
			`begin 1; tag Event="a"; endtags; end; error pgn: 1:12: game 1: missing result token; begin 2; tag Event="b"; endtags; result *; end`},
		{"forfeit results", "+/-\n\ne4 +/- *",
			"begin 1; endtags; result 1-0; end; begin 2; endtags; move e4; nag 16; result *; end"},
		{"unicode results and spaces", "e4\u00a0e5 ½-½",
			"begin 1; endtags; move e4; move e5; result 1/2-1/2; end"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := events(t, tc.in); got != tc.want {
				t.Errorf("\ngot  %s\nwant %s", got, tc.want)
			}
		})
	}
}

// skipper answers Skip or Stop at chosen calls, recording the others.
type skipper struct {
	recorder
	at   string
	with Action
}

func (s *skipper) answer(call string) Action {
	if strings.HasPrefix(call, s.at) {
		s.at = "\x00" // once
		return s.with
	}
	return Continue
}

func (s *skipper) BeginVariation(pos Pos) Action {
	s.recorder.BeginVariation(pos)
	return s.answer("(")
}

func (s *skipper) Move(san []byte, pos Pos) Action {
	s.recorder.Move(san, pos)
	return s.answer("move " + string(san))
}

func (s *skipper) EndTags(pos Pos) Action {
	s.recorder.EndTags(pos)
	return s.answer("endtags")
}

func (s *skipper) BeginGame(g int, pos Pos) Action {
	s.recorder.BeginGame(g, pos)
	return s.answer("begin")
}

func TestActions(t *testing.T) {
	const in = "[Event \"a\"]\n1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 2. Nf3 {c} (2. f4) Nc6 1-0"
	tests := []struct {
		at   string
		with Action
		want string
	}{
		{"(", Skip, `begin 1; tag Event="a"; endtags; num 1; move e4; (; num 1; move e5; num 2; move Nf3; comment "c"; (; num 2; move f4; ); move Nc6; result 1-0; end`},
		{"move d5", Skip, `begin 1; tag Event="a"; endtags; num 1; move e4; (; num 1; move d4; move d5; ); num 1; move e5; num 2; move Nf3; comment "c"; (; num 2; move f4; ); move Nc6; result 1-0; end`},
		{"move Nf3", Skip, `begin 1; tag Event="a"; endtags; num 1; move e4; (; num 1; move d4; move d5; (; num 1; move Nf6; num 2; move c4; ); num 2; move c4; ); num 1; move e5; num 2; move Nf3; result 1-0; end`},
		{"endtags", Skip, `begin 1; tag Event="a"; endtags; result 1-0; end`},
		{"begin", Skip, `begin 1; end`},
		{"move d4", Stop, `begin 1; tag Event="a"; endtags; num 1; move e4; (; num 1; move d4; end`},
	}
	for _, tc := range tests {
		t.Run(tc.at, func(t *testing.T) {
			s := &skipper{at: tc.at, with: tc.with}
			r := NewReader(strings.NewReader(in + "\n\n1. d4 *"))
			if err := r.ReadGame(s); err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, l := range strings.Split(strings.TrimSpace(s.b.String()), "\n") {
				out = append(out, l[:strings.LastIndex(l, " @")])
			}
			if got := strings.Join(out, "; "); got != tc.want {
				t.Errorf("\ngot  %s\nwant %s", got, tc.want)
			}
			// The next game is read from its start.
			var rec recorder
			if err := r.ReadGame(&rec); err != nil || !strings.Contains(rec.b.String(), "move d4 @4:4") {
				t.Errorf("next game: %v\n%s", err, rec.b.String())
			}
		})
	}
}

// TestPositions checks the positions the visitor gets, on LF, CRLF, CR
// and Windows-1252 lines.
func TestPositions(t *testing.T) {
	tests := []struct {
		name, in string
		want     string
	}{
		{"lf", "[A \"1\"]\n\n1. e4 {c}\n e5 *",
			"begin 1 @1:1; tag A=\"1\" @1:1; endtags @3:1; num 1 @3:1; move e4 @3:4; comment \"c\" @3:7; move e5 @4:2; result * @4:5; end @4:6"},
		{"crlf and bom", "\xef\xbb\xbf[A \"1\"]\r\n\r\n1. e4\r\n e5 *",
			"begin 1 @1:1; tag A=\"1\" @1:1; endtags @3:1; num 1 @3:1; move e4 @3:4; move e5 @4:2; result * @4:5; end @4:6"},
		{"lone cr", "1. e4\r e5\r*",
			"begin 1 @1:1; endtags @1:1; num 1 @1:1; move e4 @1:4; move e5 @2:2; result * @3:1; end @3:2"},
		{"windows-1252", "{\xe9\xe9} e4 *",
			"begin 1 @1:1; comment \"éé\" @1:1; endtags @1:6; move e4 @1:6; result * @1:9; end @1:10"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tc.in))
			var rec recorder
			if err := r.ReadGame(&rec); err != nil {
				t.Fatal(err)
			}
			got := strings.ReplaceAll(strings.TrimSpace(rec.b.String()), "\n", "; ")
			if got != tc.want {
				t.Errorf("\ngot  %s\nwant %s", got, tc.want)
			}
		})
	}
	// Offsets count the bytes as read.
	r := NewReader(strings.NewReader("\xef\xbb\xbf{\xe9}\r\ne4 *"))
	var rec offsets
	if err := r.ReadGame(&rec); err != nil {
		t.Fatal(err)
	}
	if rec.move != 8 || r.InputOffset() != 12 {
		t.Errorf("move at offset %d, end %d; want 8, 12", rec.move, r.InputOffset())
	}
}

type offsets struct {
	NopVisitor
	move int64
}

func (o *offsets) Move(_ []byte, pos Pos) Action {
	o.move = pos.Offset
	return Continue
}

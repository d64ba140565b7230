package pgn

import (
	"fmt"
	"strings"
)

// recorder is a visitor that writes every call as a line of text.
type recorder struct {
	b strings.Builder
}

func (r *recorder) p(format string, args ...any) Action {
	fmt.Fprintf(&r.b, format+"\n", args...)
	return Continue
}

func (r *recorder) BeginGame(g int, pos Pos) Action   { return r.p("begin %d @%s", g, pos) }
func (r *recorder) Tag(n, v []byte, pos Pos) Action   { return r.p("tag %s=%q @%s", n, v, pos) }
func (r *recorder) EndTags(pos Pos) Action            { return r.p("endtags @%s", pos) }
func (r *recorder) Move(san []byte, pos Pos) Action   { return r.p("move %s @%s", san, pos) }
func (r *recorder) MoveNumber(n int, pos Pos) Action  { return r.p("num %d @%s", n, pos) }
func (r *recorder) NAG(n uint8, pos Pos) Action       { return r.p("nag %d @%s", n, pos) }
func (r *recorder) Comment(t []byte, pos Pos) Action  { return r.p("comment %q @%s", t, pos) }
func (r *recorder) BeginVariation(pos Pos) Action     { return r.p("( @%s", pos) }
func (r *recorder) EndVariation(pos Pos) Action       { return r.p(") @%s", pos) }
func (r *recorder) Result(res string, pos Pos) Action { return r.p("result %s @%s", res, pos) }
func (r *recorder) EndGame(pos Pos) error             { r.p("end @%s", pos); return nil }

package game

import (
	"errors"
	"iter"
	"math"
	"strconv"
	"strings"

	"touchmove/core/chess"
)

// Command is one embedded command of a comment, such as [%clk 0:03:00]: its
// name ("clk") and its raw argument text ("0:03:00").
type Command struct {
	Name string
	Args string
}

// String returns the command in PGN form, "[%name args]".
func (c Command) String() string {
	if c.Args == "" {
		return "[%" + c.Name + "]"
	}
	return "[%" + c.Name + " " + c.Args + "]"
}

// span is where a command sits in a comment: s[start:end] is the whole
// "[%…]", s[argStart:argEnd] its arguments.
type span struct {
	start, end       int
	name             string
	argStart, argEnd int
}

// nextCommand finds the first well-formed command in s at or after from.
func nextCommand(s string, from int) (span, bool) {
	for {
		i := strings.Index(s[from:], "[%")
		if i < 0 {
			return span{}, false
		}
		start := from + i
		j := start + 2
		for j < len(s) && isAlnum(s[j]) {
			j++
		}
		if j == start+2 {
			from = start + 2
			continue
		}
		sp := span{start: start, name: s[start+2 : j]}
		for j < len(s) && isSpace(s[j]) {
			j++
		}
		sp.argStart = j
		quoted := false
		for ; j < len(s); j++ {
			c := s[j]
			if c == '"' {
				quoted = !quoted
			} else if c == ']' && !quoted {
				break
			}
		}
		if j >= len(s) {
			return span{}, false
		}
		sp.argEnd = j
		for sp.argEnd > sp.argStart && isSpace(s[sp.argEnd-1]) {
			sp.argEnd--
		}
		sp.end = j + 1
		return sp, true
	}
}

// spans yields the well-formed commands of s in order.
func spans(s string) iter.Seq[span] {
	return func(yield func(span) bool) {
		for from := 0; ; {
			sp, ok := nextCommand(s, from)
			if !ok || !yield(sp) {
				return
			}
			from = sp.end
		}
	}
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// Commands returns the embedded commands of a comment, in order.
func Commands(comment string) []Command {
	var cmds []Command
	for sp := range spans(comment) {
		cmds = append(cmds, Command{Name: sp.name, Args: comment[sp.argStart:sp.argEnd]})
	}
	return cmds
}

// CommandArgs returns the arguments of the first command called name in the
// comment, and whether there is one.
func CommandArgs(comment, name string) (string, bool) {
	for sp := range spans(comment) {
		if sp.name == name {
			return comment[sp.argStart:sp.argEnd], true
		}
	}
	return "", false
}

// CommentText returns the comment without its embedded commands, with runs
// of white space reduced to one space: the text a viewer shows.
func CommentText(comment string) string {
	var b strings.Builder
	from := 0
	for sp := range spans(comment) {
		b.WriteString(comment[from:sp.start])
		b.WriteByte(' ')
		from = sp.end
	}
	b.WriteString(comment[from:])
	return strings.Join(strings.Fields(b.String()), " ")
}

// SetCommand returns the comment with the first command called name set to
// args; other commands of that name are removed and the rest of the comment
// is kept verbatim. A new command goes after the commands that open the
// comment, before its text.
func SetCommand(comment, name, args string) string {
	cmd := Command{Name: name, Args: args}.String()
	if _, ok := CommandArgs(comment, name); ok {
		return replaceCommands(comment, name, cmd)
	}
	lead := 0 // end of the run of commands that opens the comment
	for sp := range spans(comment) {
		if strings.TrimSpace(comment[lead:sp.start]) != "" {
			break
		}
		lead = sp.end
	}
	if lead == 0 {
		rest := strings.TrimLeft(comment, " \t\r\n")
		if rest == "" {
			return cmd
		}
		return cmd + " " + rest
	}
	return comment[:lead] + " " + cmd + comment[lead:]
}

// replaceCommands rewrites every command called name: the first becomes
// repl, the others disappear with the white space that followed them.
func replaceCommands(comment, name, repl string) string {
	var b strings.Builder
	from, first := 0, true
	for sp := range spans(comment) {
		b.WriteString(comment[from:sp.start])
		from = sp.end
		if sp.name != name {
			b.WriteString(comment[sp.start:sp.end])
			continue
		}
		if first && repl != "" {
			b.WriteString(repl)
			first = false
			continue
		}
		first = false
		if s := b.String(); s == "" || isSpace(s[len(s)-1]) {
			for from < len(comment) && isSpace(comment[from]) {
				from++
			}
		}
	}
	b.WriteString(comment[from:])
	return strings.TrimSpace(b.String())
}

// RemoveCommand returns the comment without the commands called name.
func RemoveCommand(comment, name string) string {
	if _, ok := CommandArgs(comment, name); !ok {
		return comment
	}
	return replaceCommands(comment, name, "")
}

func two(n int64) string {
	if n < 10 {
		return "0" + strconv.FormatInt(n, 10)
	}
	return strconv.FormatInt(n, 10)
}

// Eval is an engine score from White's point of view, as in [%eval 0.17],
// [%eval -1.40,22] or [%eval #-3].
type Eval struct {
	// Mate is true for a forced mate, in Moves moves: positive when White
	// mates, negative when Black mates.
	Mate  bool
	Moves int
	// Centipawns is the score in hundredths of a pawn when Mate is false.
	Centipawns int
	// Depth is the search depth, 0 when unknown.
	Depth int
}

// ParseEval reads the arguments of an [%eval] command.
func ParseEval(s string) (Eval, bool) {
	var e Eval
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, ','); i >= 0 {
		d, err := strconv.Atoi(strings.TrimSpace(s[i+1:]))
		if err != nil || d < 0 {
			return Eval{}, false
		}
		e.Depth = d
		s = strings.TrimSpace(s[:i])
	}
	if strings.HasPrefix(s, "#") {
		n, err := strconv.Atoi(strings.TrimPrefix(s[1:], "+"))
		if err != nil {
			return Eval{}, false
		}
		e.Mate, e.Moves = true, n
		return e, true
	}
	if s == "" || strings.ContainsAny(s, "eEnNiIxXpP_") {
		return Eval{}, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(f, 0) || math.Abs(f) > 1e6 {
		return Eval{}, false
	}
	e.Centipawns = int(math.Round(f * 100))
	return e, true
}

// String returns the arguments of an [%eval] command for e: pawns with two
// decimals or "#N", then ",depth" when the depth is known.
func (e Eval) String() string {
	var s string
	if e.Mate {
		s = "#" + strconv.Itoa(e.Moves)
	} else {
		cp := e.Centipawns
		sign := ""
		if cp < 0 {
			sign, cp = "-", -cp
		}
		s = sign + strconv.Itoa(cp/100) + "." + two(int64(cp%100))
	}
	if e.Depth > 0 {
		s += "," + strconv.Itoa(e.Depth)
	}
	return s
}

// MarkColor is the colour of an arrow or a marked square, as its PGN letter.
type MarkColor byte

// The mark colours. ChessBase also writes Orange and Cyan; other letters are
// read as Green.
const (
	Green  MarkColor = 'G'
	Red    MarkColor = 'R'
	Yellow MarkColor = 'Y'
	Blue   MarkColor = 'B'
	Orange MarkColor = 'O'
	Cyan   MarkColor = 'C'
)

func markColor(c byte) MarkColor {
	switch MarkColor(c) {
	case Green, Red, Yellow, Blue, Orange, Cyan:
		return MarkColor(c)
	}
	return Green
}

// Arrow is an arrow drawn on the board, as in [%cal Ge2e4].
type Arrow struct {
	Color    MarkColor
	From, To chess.Square
}

// SquareMark is a coloured square, as in [%csl Rd5].
type SquareMark struct {
	Color  MarkColor
	Square chess.Square
}

func splitList(args string) []string {
	return strings.FieldsFunc(args, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
}

// parseMarks reads a list of marks, each a colour letter and its squares,
// size characters in all; mark reads the squares, and an item of another
// size or that mark refuses is skipped.
func parseMarks[T any](args string, size int, mark func(c MarkColor, squares string) (T, error)) []T {
	var out []T
	for _, it := range splitList(args) {
		if len(it) != size {
			continue
		}
		if m, err := mark(markColor(it[0]), it[1:]); err == nil {
			out = append(out, m)
		}
	}
	return out
}

// ParseArrows reads the arguments of a [%cal] command; malformed items are skipped.
func ParseArrows(args string) []Arrow {
	return parseMarks(args, 5, func(c MarkColor, squares string) (Arrow, error) {
		from, err1 := chess.ParseSquare(squares[:2])
		to, err2 := chess.ParseSquare(squares[2:])
		return Arrow{Color: c, From: from, To: to}, errors.Join(err1, err2)
	})
}

// ParseSquareMarks reads the arguments of a [%csl] command; malformed items are skipped.
func ParseSquareMarks(args string) []SquareMark {
	return parseMarks(args, 3, func(c MarkColor, square string) (SquareMark, error) {
		sq, err := chess.ParseSquare(square)
		return SquareMark{Color: c, Square: sq}, err
	})
}

func formatArrows(as []Arrow) string {
	parts := make([]string, len(as))
	for i, a := range as {
		parts[i] = string(rune(a.Color)) + a.From.String() + a.To.String()
	}
	return strings.Join(parts, ",")
}

func formatSquareMarks(ms []SquareMark) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = string(rune(m.Color)) + m.Square.String()
	}
	return strings.Join(parts, ",")
}

// allArgs returns the arguments of every command called name, joined by commas.
func allArgs(comment, name string) string {
	var parts []string
	for sp := range spans(comment) {
		if sp.name == name {
			parts = append(parts, comment[sp.argStart:sp.argEnd])
		}
	}
	return strings.Join(parts, ",")
}

package pgn

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"touchmove/core/charset"
	"touchmove/core/chess"
	"touchmove/core/game"
)

// maxLine is the longest line the writer makes, in bytes (docs/pgn.md §1:
// fewer than 80 characters).
const maxLine = 79

// Writer writes games in the PGN export format (docs/pgn.md §9): the Seven
// Tag Roster first, then the other tags in ASCII order; canonical SAN with
// move numbers per §6.1; suffixes as NAGs in ascending order; brace comments
// as "{ text }"; variations as "( … )"; lines of at most 79 characters; LF
// line ends; one empty line after each game. The same game always gives the
// same bytes.
type Writer struct {
	// Reduced selects the reduced export format: the Seven Tag Roster only
	// (plus SetUp, FEN and Variant when the game needs them), without
	// comments, NAGs and variations.
	Reduced bool
	// Latin1 writes ISO-8859-1, as the 1994 standard asks, in its
	// Windows-1252 superset: the encoding the reader reads a file that is
	// not UTF-8 in, so that its dashes, quotes and € come back as the bytes
	// they were read from. It is Charset Windows-1252.
	Latin1 bool
	// Charset is the character set written: a file's own (docs/pgn.md §1).
	// A game that holds a character the set lacks is not written, never
	// with a '?': WriteGame returns a *charset.UnencodableError. The zero
	// value, like charset.UTF8, writes UTF-8 without a byte order mark.
	Charset charset.Charset
	// KeepLayout writes the tags as the game has them, in its order, and
	// adds no roster tag it lacks; NAGs keep their order. It is how an
	// edited game is saved into its file (pgn.md §13): only what was edited
	// changes. Result, PlyCount, SetUp, FEN and Variant still follow the
	// game. Reduced ignores it.
	KeepLayout bool

	w   io.Writer
	buf []byte
	enc []byte // buf in Charset
}

// charset returns the set written.
func (w *Writer) charset() charset.Charset {
	if w.Latin1 && w.Charset <= charset.UTF8 {
		return charset.Windows1252
	}
	return w.Charset
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// WriteGame writes g. It returns an error, and writes nothing, when the tree
// holds a move that is not legal where it stands or a null move in the main
// line (which the export format cannot express).
func (w *Writer) WriteGame(g *game.Game) error {
	buf, err := w.appendGame(w.buf[:0], g)
	w.buf = buf[:0]
	if err != nil {
		return err
	}
	if cs := w.charset(); cs > charset.UTF8 {
		enc, err := cs.Encode(w.enc[:0], buf)
		w.enc = enc[:0]
		if err != nil {
			return fmt.Errorf("pgn: write: %w", err)
		}
		buf = enc
	}
	_, err = w.w.Write(buf)
	return err
}

func (w *Writer) appendGame(buf []byte, g *game.Game) ([]byte, error) {
	start := g.Start()
	buf = w.appendTags(buf, g, &start)
	buf = append(buf, '\n')
	lw := lineWriter{buf: buf, line: len(buf)}
	root := g.Root()
	if !w.Reduced {
		lw.comments(root.Comments())
	}
	if first := root.Next(); first != nil {
		if err := w.line(&lw, first, root.Children()[1:], start, true, true); err != nil {
			return buf, err
		}
	}
	if !w.Reduced {
		lw.comments(g.EndComments())
	}
	lw.put(g.Result().String())
	return append(lw.buf, '\n', '\n'), nil
}

// appendTags writes the tag section.
func (w *Writer) appendTags(buf []byte, g *game.Game, start *chess.Position) []byte {
	// The last value of each valid name wins.
	vals := make(map[string]string, len(g.Tags))
	var names []string
	for _, t := range g.Tags {
		if !game.ValidTagName(t.Name) {
			continue
		}
		if _, dup := vals[t.Name]; !dup {
			names = append(names, t.Name)
		}
		vals[t.Name] = t.Value
	}
	if _, ok := vals["Result"]; ok || !w.KeepLayout || g.Result() != chess.Unfinished {
		if !ok {
			names = append(names, "Result")
		}
		vals["Result"] = g.Result().String()
	}
	// The start position decides SetUp, FEN and Variant.
	std := chess.StartPosition()
	fen := start.FEN()
	switch {
	case start.Chess960():
		vals["Variant"], vals["SetUp"], vals["FEN"] = "Chess960", "1", fen
	case fen != std.FEN():
		vals["SetUp"], vals["FEN"] = "1", fen
		if game.IsChess960Variant(vals["Variant"]) {
			delete(vals, "Variant")
		}
	default:
		delete(vals, "SetUp")
		delete(vals, "FEN")
		if game.IsChess960Variant(vals["Variant"]) {
			delete(vals, "Variant")
		}
	}
	for _, n := range []string{"Variant", "SetUp", "FEN"} {
		if _, ok := vals[n]; ok && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	if _, ok := vals["PlyCount"]; ok {
		vals["PlyCount"] = strconv.Itoa(g.PlyCount())
	}
	if w.KeepLayout && !w.Reduced {
		for _, n := range names {
			if v, ok := vals[n]; ok { // SetUp and FEN go with a standard start
				buf = appendTag(buf, n, v)
			}
		}
		return buf
	}
	for _, n := range game.Roster() {
		v, ok := vals[n]
		if !ok {
			v = game.RosterDefault(n)
		}
		buf = appendTag(buf, n, v)
	}
	var rest []string
	for _, n := range names {
		if game.RosterIndex(n) >= 0 {
			continue
		}
		if _, ok := vals[n]; !ok {
			continue
		}
		if w.Reduced && n != "SetUp" && n != "FEN" && n != "Variant" {
			continue
		}
		rest = append(rest, n)
	}
	slices.Sort(rest)
	for _, n := range rest {
		buf = appendTag(buf, n, vals[n])
	}
	return buf
}

func appendTag(buf []byte, name, value string) []byte {
	buf = append(buf, '[')
	buf = append(buf, name...)
	buf = append(buf, ' ', '"')
	for i := 0; i < len(value); i++ {
		switch c := value[i]; c {
		case '"', '\\':
			buf = append(buf, '\\', c)
		case '\n', '\r', '\t', '\v', '\f':
			buf = append(buf, ' ')
		default:
			if c < 0x20 || c == 0x7f {
				buf = append(buf, ' ')
			} else {
				buf = append(buf, c)
			}
		}
	}
	return append(buf, '"', ']', '\n')
}

// line writes node, the variations alts that are alternatives to it, and
// the moves that follow node along child 0 (with their variations). pos is
// the position before node's move; force asks for a move number even before
// a Black move.
func (w *Writer) line(lw *lineWriter, node *game.Node, alts []*game.Node, pos chess.Position, force, main bool) error {
	var tok []byte
	for node != nil {
		m := node.Move()
		if before := node.CommentsBefore(); !w.Reduced && before != nil {
			lw.comments(before)
			force = true
		}
		tok = tok[:0]
		if pos.Turn() == chess.White {
			tok = strconv.AppendInt(tok, int64(pos.FullMoveNumber()), 10)
			tok = append(tok, '.', ' ')
		} else if force || lw.pending() {
			tok = strconv.AppendInt(tok, int64(pos.FullMoveNumber()), 10)
			tok = append(tok, '.', '.', '.', ' ')
		}
		switch {
		case m == chess.NullMove:
			// "--", as pgn-extract and ChessBase write it, in the main
			// line as in variations.
			tok = append(tok, '-', '-')
		case !pos.IsLegal(m):
			return fmt.Errorf("pgn: cannot write illegal move %s at %q: %w", m, pos.FEN(), chess.ErrIllegalMove)
		default:
			tok = pos.AppendSAN(tok, m)
		}
		lw.putBytes(tok)
		force = false
		if !w.Reduced {
			if nags := node.NAGs(); len(nags) > 0 {
				sorted := nags // a node holds no NAG twice
				if !w.KeepLayout {
					sorted = slices.Clone(nags)
					slices.Sort(sorted)
					sorted = slices.Compact(sorted)
				}
				for _, n := range sorted {
					if n == 0 {
						continue
					}
					tok = append(tok[:0], '$')
					tok = strconv.AppendInt(tok, int64(n), 10)
					lw.putBytes(tok)
				}
			}
			if node.Comment() != "" {
				lw.comments(node.Comments())
				force = true
			}
			for _, alt := range alts {
				lw.put("(")
				if err := w.line(lw, alt, nil, pos, true, false); err != nil {
					return err
				}
				lw.put(")")
				force = true
			}
		}
		pos.Play(m)
		children := node.Children()
		if len(children) == 0 {
			break
		}
		node, alts = children[0], children[1:]
	}
	return nil
}

// lineWriter wraps tokens into lines of at most maxLine bytes. Comments wait
// for the next other token, and each is written as a "{ … }" of its own, as
// it was read (GameBuilder keeps comments apart: Node.Comments).
type lineWriter struct {
	buf   []byte
	line  int // start of the current line in buf
	texts []string
}

func (l *lineWriter) pending() bool { return len(l.texts) > 0 }

func (l *lineWriter) comment(text string) {
	if strings.TrimSpace(strings.ReplaceAll(text, "}", "")) != "" {
		l.texts = append(l.texts, text)
	}
}

func (l *lineWriter) comments(texts []string) {
	for _, t := range texts {
		l.comment(t)
	}
}

func (l *lineWriter) flush() {
	if len(l.texts) == 0 {
		return
	}
	texts := l.texts
	l.texts = nil
	for _, text := range texts {
		l.word("{", false)
		text = strings.ReplaceAll(text, "}", "")
		for f := range strings.FieldsSeq(text) {
			l.word(f, badLineStart(f))
		}
		l.word("}", false)
	}
}

// badLineStart reports whether a comment word must not begin a line: a '%'
// in column 1 hides the line from readers, and a line that starts like a
// tag pair may be taken for the next game.
func badLineStart(w string) bool {
	return w[0] == '%' || w[0] == '[' && len(w) > 1 && isTagNameByte(w[1])
}

func (l *lineWriter) put(tok string) {
	l.flush()
	l.word(tok, false)
}

func (l *lineWriter) putBytes(tok []byte) {
	l.flush()
	l.wordBytes(tok)
}

func (l *lineWriter) sep(n int) {
	switch used := len(l.buf) - l.line; {
	case used == 0:
	case used+1+n <= maxLine:
		l.buf = append(l.buf, ' ')
	default:
		l.buf = append(l.buf, '\n')
		l.line = len(l.buf)
	}
}

func (l *lineWriter) word(tok string, glue bool) {
	n := len(tok)
	if glue && len(l.buf) > l.line && len(l.buf)-l.line+1+n > maxLine {
		// tok may not start a line: break before an earlier word that may.
		cur := string(l.buf[l.line:])
		for k := strings.LastIndexByte(cur, ' '); k > 0; k = strings.LastIndexByte(cur[:k], ' ') {
			if !badLineStart(cur[k+1:]) {
				l.buf[l.line+k] = '\n'
				l.line += k + 1
				break
			}
		}
		l.buf = append(l.buf, ' ')
	} else {
		l.sep(n)
	}
	l.buf = append(l.buf, tok...)
}

func (l *lineWriter) wordBytes(tok []byte) {
	l.sep(len(tok))
	l.buf = append(l.buf, tok...)
}

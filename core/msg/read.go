package msg

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"touchmove/core/chess"
)

// A Reader reads the English a Text was written as back into the Text: a
// file keeps the rulings in English (a PGN comment, "Illegal move by Black
// (1st); White +2:00"), and the window reads them back to say them in the
// players' language (design.md §7).
//
// A placeholder's kind comes from its name (Kinds): a side is White or
// Black, a time is m:ss or h:mm:ss with or without its sign, a nested Text
// is read again, and what no template reads is kept as written (Plain).
type Reader struct {
	forms []form
}

// form is one template as a pattern: the Text's key, its English template
// (the key, its One form or a former wording) and the kinds of its
// placeholders in order.
type form struct {
	key, one string
	re       *regexp.Regexp
	names    []string
	kinds    []Kind
	free     int // placeholders that read any text: fewer is more specific
	literal  int // the length of the template's own words: more is more specific
}

// NewReader returns a Reader of the templates of texts (each Key, and One
// where there is one), and of former, the wordings of earlier versions of
// the app by the key that replaced them; kinds gives the kind of each
// placeholder name. A template naming a placeholder kinds does not know is
// left out (Unread reports them).
func NewReader(texts []Text, former map[string]string, kinds map[string]Kind) *Reader {
	r := &Reader{}
	add := func(key, one, template string) {
		if template == Verbatim || template == "" {
			return
		}
		f, ok := newForm(template, kinds)
		if !ok {
			return
		}
		f.key, f.one = key, one
		r.forms = append(r.forms, f)
	}
	ones := map[string]string{}
	for _, t := range texts {
		add(t.Key, t.One, t.Key)
		if t.One != "" {
			add(t.Key, t.One, t.One)
			ones[t.Key] = t.One
		}
	}
	olds := make([]string, 0, len(former))
	for old := range former {
		olds = append(olds, old)
	}
	slices.Sort(olds)
	for _, old := range olds {
		add(former[old], ones[former[old]], old)
	}
	slices.SortStableFunc(r.forms, func(a, b form) int {
		if a.free != b.free {
			return a.free - b.free
		}
		return b.literal - a.literal
	})
	return r
}

// Unread returns the placeholder names of templates that kinds does not
// know: the templates a Reader made with kinds cannot read.
func Unread(texts []Text, kinds map[string]Kind) []string {
	var out []string
	for _, t := range texts {
		for _, name := range Placeholders(t.Key) {
			if _, ok := kinds[name]; !ok && !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	return out
}

// pattern returns what a placeholder of kind k matches in English.
func pattern(k Kind) string {
	switch k {
	case KindColor:
		return `(White|Black)`
	case KindPiece:
		return `(pawn|knight|bishop|rook|queen|king)`
	case KindSquare:
		return `([a-h][1-8])`
	case KindNumber:
		return `(\d+)`
	case KindOrdinal:
		return `(\d+)(?:st|nd|rd|th)`
	case KindSAN:
		return `([^\s,;:()]+)`
	case KindDuration, KindSigned:
		return `([+-]?\d+(?::\d\d){1,2})`
	}
	return `(.+?)`
}

// newForm returns the pattern of template.
func newForm(template string, kinds map[string]Kind) (form, bool) {
	var f form
	var sb strings.Builder
	sb.WriteString("^")
	ok := true
	rest := Fill(template, func(name string) string {
		k, known := kinds[name]
		if !known {
			ok = false
			return ""
		}
		f.names, f.kinds = append(f.names, name), append(f.kinds, k)
		if k == KindString || k == KindText || k == KindWord {
			f.free++
		}
		return "\x00" + name + "\x00"
	})
	if !ok {
		return form{}, false
	}
	for i, part := range strings.Split(rest, "\x00") {
		if i%2 == 1 {
			k := kinds[part]
			sb.WriteString(pattern(k))
			continue
		}
		f.literal += len(part)
		sb.WriteString(regexp.QuoteMeta(part))
	}
	sb.WriteString("$")
	f.re = regexp.MustCompile(sb.String())
	return f, true
}

// Read returns the Text whose English is s, as a comment or a sentence
// writes it (with or without its final period), and whether a template
// reads it. Sentences that no template reads whole are read one by one,
// each becoming one of the Text's More. A nested Text no template reads is
// kept as written, once no reading makes it a message.
func (r *Reader) Read(s string) (Text, bool) {
	s = strings.TrimSpace(s)
	for _, strict := range []bool{true, false} {
		if t, ok := r.readOne(s, strict); ok {
			return t, true
		}
		if t, ok := r.readSentences(s, strict); ok {
			return t, true
		}
	}
	return Text{}, false
}

// readSentences reads each sentence of s as one template.
func (r *Reader) readSentences(s string, strict bool) (Text, bool) {
	parts := splitSentences(s)
	if len(parts) < 2 {
		return Text{}, false
	}
	var out Text
	for _, p := range parts {
		t, ok := r.readOne(p, strict)
		if !ok {
			return Text{}, false
		}
		out = out.Then(t)
	}
	return out, true
}

// splitSentences cuts s after each ". ".
func splitSentences(s string) []string {
	var out []string
	for {
		i := strings.Index(s, ". ")
		if i < 0 {
			break
		}
		out = append(out, s[:i+1])
		s = s[i+2:]
	}
	if s != "" {
		out = append(out, s)
	}
	return out
}

// readOne reads s as one template; strict, every nested Text is read.
func (r *Reader) readOne(s string, strict bool) (Text, bool) {
	for _, f := range r.forms {
		for _, cand := range []string{s, s + "."} {
			if t, ok := r.match(f, cand, strict); ok {
				return t, true
			}
		}
	}
	return Text{}, false
}

// match reads s as f.
func (r *Reader) match(f form, s string, strict bool) (Text, bool) {
	m := f.re.FindStringSubmatch(s)
	if m == nil {
		return Text{}, false
	}
	t := Text{Key: f.key, One: f.one}
	for i, name := range f.names {
		a, ok := r.arg(name, f.kinds[i], m[i+1], strict)
		if !ok {
			return Text{}, false
		}
		if name == CountArg {
			t.Args = append([]Arg{a}, t.Args...)
			continue
		}
		t.Args = append(t.Args, a)
	}
	return t, true
}

// arg reads the value v of the placeholder name of kind k.
func (r *Reader) arg(name string, k Kind, v string, strict bool) (Arg, bool) {
	switch k {
	case KindColor:
		if v == "Black" {
			return Color(name, chess.Black), true
		}
		return Color(name, chess.White), true
	case KindPiece:
		for p := chess.Pawn; p <= chess.King; p++ {
			if p.String() == v {
				return Piece(name, p), true
			}
		}
	case KindSquare:
		sq, err := chess.ParseSquare(v)
		return Square(name, sq), err == nil
	case KindNumber, KindOrdinal:
		n, err := strconv.Atoi(v)
		return Arg{Name: name, Kind: k, Int: int64(n)}, err == nil
	case KindSAN:
		return SAN(name, v), true
	case KindDuration, KindSigned:
		d, ok := readDuration(v)
		if strings.HasPrefix(v, "+") || strings.HasPrefix(v, "-") {
			return Signed(name, d), ok
		}
		return Duration(name, d), ok
	case KindText:
		if t, ok := r.readOne(v, true); ok {
			return Nested(name, t), true
		}
		return Nested(name, Plain(v)), !strict
	case KindWord:
		return Word(name, v), true
	default:
		return String(name, v), true
	}
	return Arg{}, false
}

// readDuration reads m:ss or h:mm:ss with an optional sign.
func readDuration(v string) (time.Duration, bool) {
	neg := strings.HasPrefix(v, "-")
	v = strings.TrimLeft(v, "+-")
	var total time.Duration
	for _, p := range strings.Split(v, ":") {
		n, err := strconv.Atoi(p)
		if err != nil {
			return 0, false
		}
		total = total*60 + time.Duration(n)
	}
	total *= time.Second
	if neg {
		total = -total
	}
	return total, true
}

package msg

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"touchmove/core/chess"
)

// Verbatim is the key of a Text that is not translated: a comment read
// from a file, a reason the arbiter typed. Its one argument, Text, is shown
// as it is in every language (see Plain).
const Verbatim = "{{.Text}}"

// CountArg is the name of the argument that chooses a plural form: a Text
// with an argument of this name is rendered with its One template when the
// count is 1, and through the plural rules of the language in the window.
const CountArg = "Count"

// Text is a message for the players: Key is its English template, whose
// placeholders {{.Name}} name the arguments in Args; More holds the
// sentences that follow it. The zero Text says nothing.
type Text struct {
	// Key is the English template and the key of the translations.
	Key string `json:"key,omitempty"`
	// One is the English template for a count of 1, when Key has a plural
	// (the argument CountArg); "" otherwise.
	One string `json:"one,omitempty"`
	// Args are the values of the placeholders.
	Args []Arg `json:"args,omitempty"`
	// More are the sentences that follow, each in its own key.
	More []Text `json:"more,omitempty"`
}

// Kind says what an argument is, and so how each language writes it.
type Kind uint8

// The kinds of arguments.
const (
	KindString   Kind = iota // verbatim text: a result such as "1-0", a name
	KindColor                // a side, White or Black (Int is the chess.Color)
	KindPiece                // a kind of piece (Int is the chess.PieceType)
	KindSquare               // a square, written algebraically in every language (Int is the chess.Square)
	KindNumber               // a whole number (Int)
	KindOrdinal              // an ordinal, 1st, 2nd (Int)
	KindSAN                  // a move in English SAN (Str), shown in the players' piece letters
	KindDuration             // a time as m:ss or h:mm:ss (Int nanoseconds)
	KindSigned               // a time given or taken, +2:00 or -1:00 (Int nanoseconds)
	KindText                 // another Text (Text)
	KindWord                 // a word the window translates by itself as key (Str), e.g. "comment"
)

// Arg is one argument of a Text: its placeholder name, its kind and its
// value, in plain fields so that a Text survives a JSON round trip (the
// crash journal keeps the arbiter's log).
type Arg struct {
	Name string `json:"name"`
	Kind Kind   `json:"kind"`
	Int  int64  `json:"int,omitempty"`
	Str  string `json:"str,omitempty"`
	Text *Text  `json:"text,omitempty"`
}

// New returns the Text of key with args.
func New(key string, args ...Arg) Text { return Text{Key: key, Args: args} }

// Plural returns the Text of key, whose English for a count of 1 is one;
// count is its argument CountArg.
func Plural(key, one string, count int, args ...Arg) Text {
	return Text{Key: key, One: one, Args: append([]Arg{Number(CountArg, count)}, args...)}
}

// Keys returns the Texts of keys without arguments: a package's catalogue
// of its messages.
func Keys(keys ...string) []Text {
	out := make([]Text, len(keys))
	for i, k := range keys {
		out[i] = Text{Key: k}
	}
	return out
}

// Plain returns a Text shown as s in every language.
func Plain(s string) Text {
	if s == "" {
		return Text{}
	}
	return New(Verbatim, String("Text", s))
}

// String returns an argument of verbatim text.
func String(name, s string) Arg { return Arg{Name: name, Kind: KindString, Str: s} }

// Color returns an argument naming side c.
func Color(name string, c chess.Color) Arg { return Arg{Name: name, Kind: KindColor, Int: int64(c)} }

// Piece returns an argument naming the kind of piece t.
func Piece(name string, t chess.PieceType) Arg {
	return Arg{Name: name, Kind: KindPiece, Int: int64(t)}
}

// Square returns an argument naming sq.
func Square(name string, sq chess.Square) Arg {
	return Arg{Name: name, Kind: KindSquare, Int: int64(sq)}
}

// Number returns an argument holding n.
func Number(name string, n int) Arg { return Arg{Name: name, Kind: KindNumber, Int: int64(n)} }

// Ordinal returns an argument holding the ordinal n.
func Ordinal(name string, n int) Arg { return Arg{Name: name, Kind: KindOrdinal, Int: int64(n)} }

// SAN returns an argument holding a move in English SAN.
func SAN(name, san string) Arg { return Arg{Name: name, Kind: KindSAN, Str: san} }

// Duration returns an argument holding a time of the clock.
func Duration(name string, d time.Duration) Arg {
	return Arg{Name: name, Kind: KindDuration, Int: int64(d)}
}

// Signed returns an argument holding a time given (positive) or taken.
func Signed(name string, d time.Duration) Arg {
	return Arg{Name: name, Kind: KindSigned, Int: int64(d)}
}

// Word returns an argument holding a word or phrase of the window's own
// vocabulary, such as the kind of a change ("comment"), which each language
// translates under the word itself.
func Word(name, word string) Arg { return Arg{Name: name, Kind: KindWord, Str: word} }

// Nested returns an argument holding another Text.
func Nested(name string, t Text) Arg { return Arg{Name: name, Kind: KindText, Text: &t} }

// IsZero reports whether t says nothing.
func (t Text) IsZero() bool { return t.Key == "" && len(t.More) == 0 }

// Then returns t followed by the sentences more; zero Texts are left out.
func (t Text) Then(more ...Text) Text {
	for _, m := range more {
		if m.IsZero() {
			continue
		}
		if t.IsZero() {
			t = m
			continue
		}
		t.More = append(t.More[:len(t.More):len(t.More)], m)
	}
	return t
}

// Count returns the argument CountArg and whether t has one.
func (t Text) Count() (int, bool) {
	for _, a := range t.Args {
		if a.Name == CountArg && a.Kind == KindNumber {
			return int(a.Int), true
		}
	}
	return 0, false
}

// Template returns the English template of t itself (not of More): One
// when the count is 1, else Key.
func (t Text) Template() string {
	if n, ok := t.Count(); ok && n == 1 && t.One != "" {
		return t.One
	}
	return t.Key
}

// String renders t in English.
func (t Text) String() string {
	var sb strings.Builder
	if t.Key != "" {
		sb.WriteString(Fill(t.Template(), func(name string) string {
			for _, a := range t.Args {
				if a.Name == name {
					return a.String()
				}
			}
			return "{{." + name + "}}"
		}))
	}
	for _, m := range t.More {
		s := m.String()
		if s == "" {
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(s)
	}
	return sb.String()
}

// String renders the argument in English.
func (a Arg) String() string {
	switch a.Kind {
	case KindColor:
		if chess.Color(a.Int) == chess.Black {
			return "Black"
		}
		return "White"
	case KindPiece:
		return chess.PieceType(a.Int).String()
	case KindSquare:
		return chess.Square(a.Int).String()
	case KindNumber:
		return strconv.FormatInt(a.Int, 10)
	case KindOrdinal:
		return EnglishOrdinal(int(a.Int))
	case KindDuration:
		return FormatDuration(time.Duration(a.Int))
	case KindSigned:
		return SignedDuration(time.Duration(a.Int))
	case KindText:
		if a.Text == nil {
			return ""
		}
		return a.Text.String()
	}
	return a.Str
}

// Fill replaces each placeholder {{.Name}} of template by value(Name).
func Fill(template string, value func(name string) string) string {
	var sb strings.Builder
	for {
		i := strings.Index(template, "{{.")
		if i < 0 {
			break
		}
		j := strings.Index(template[i:], "}}")
		if j < 0 {
			break
		}
		sb.WriteString(template[:i])
		sb.WriteString(value(template[i+3 : i+j]))
		template = template[i+j+2:]
	}
	sb.WriteString(template)
	return sb.String()
}

// Placeholders returns the names of the placeholders of template, in order.
func Placeholders(template string) []string {
	var names []string
	Fill(template, func(name string) string { names = append(names, name); return "" })
	return names
}

// EnglishOrdinal returns "1st", "2nd", "3rd", "4th", …
func EnglishOrdinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// FormatDuration writes d as m:ss or h:mm:ss, whole seconds.
func FormatDuration(d time.Duration) string {
	neg := d < 0
	if neg {
		d = -d
	}
	s := int64(d / time.Second)
	h, m, sec := s/3600, s/60%60, s%60
	out := fmt.Sprintf("%d:%02d", m, sec)
	if h > 0 {
		out = fmt.Sprintf("%d:%02d:%02d", h, m, sec)
	}
	if neg {
		return "-" + out
	}
	return out
}

// SignedDuration writes d with its sign, e.g. "+2:00".
func SignedDuration(d time.Duration) string {
	if d < 0 {
		return FormatDuration(d)
	}
	return "+" + FormatDuration(d)
}

// Error is a refusal as an error: its message is the Text in English, and
// the window finds the Text with errors.As to show it translated.
type Error struct{ Text Text }

// Error returns the Text in English.
func (e *Error) Error() string { return e.Text.String() }

// Err returns t as an error, nil when t is zero.
func (t Text) Err() error {
	if t.IsZero() {
		return nil
	}
	return &Error{Text: t}
}

// TextOf returns the Text an error carries, or the error's message as a
// Plain Text.
func TextOf(err error) Text {
	if err == nil {
		return Text{}
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Text
	}
	return Plain(err.Error())
}

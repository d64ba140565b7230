package ui

import (
	"strings"

	"fyne.io/fyne/v2/lang"

	"touchmove/app"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/core/msg"
)

// The messages of the rules and of the session (refusals, rulings, the
// reasons of a result) come as keyed Texts (design.md §7): the key is the
// English template, translated in translations/touchmove.*.json like any
// other string; the arguments are written here in the players' language.
//
// A template sees, for each argument Name:
//   - a colour: .Name, the side's name ("Белые", "Biely"), and .NameWhite,
//     true for White, for the cases a language declines
//     ({{if .SideWhite}}белых{{else}}чёрных{{end}});
//   - a piece: .Name, the piece's name in the nominative ("конь", "jazdec");
//   - a square, a time, a result: as written in every language ("g1",
//     "5:00", "+2:00", "1-0");
//   - a move: .Name in the chosen piece letters ("Кf3", "Jf3");
//   - an ordinal: .Name in English ("2nd") and .NameNumber, the number;
//   - a count (msg.CountArg): the plural form of the language (lang.N);
//   - a nested Text or a word of the window: rendered in the language.

// pieceName returns the name of a kind of piece in the players' language,
// in the nominative, lower case.
func pieceName(t chess.PieceType) string {
	if t < chess.Pawn || t > chess.King {
		return t.String()
	}
	return lang.L(t.String())
}

// words writes the app's messages, and the moves in them, in the players'
// language and piece letters (the window's is Window.words).
type words struct {
	san    func(string) string // a SAN move in the players' piece letters
	reader *msg.Reader         // the app's messages read from their English (writtenText)
	read   map[string]readText // what writtenText read, by the English
}

// say returns t in the players' language; the sentences of t.More follow,
// each rendered on its own.
func (wd *words) say(t msg.Text) string {
	var parts []string
	if t.Key == msg.Verbatim {
		if k, ok := wd.writtenText(t.String()); ok {
			said := wd.say(k) // the app's own English, written into a score
			if !strings.HasSuffix(t.String(), ".") {
				said = strings.TrimSuffix(said, ".") // a comment has no final stop (pgn.md §11)
			}
			parts = append(parts, said)
		} else {
			parts = append(parts, t.String()) // shown as written: a comment read, a reason typed
		}
	} else if t.Key != "" {
		data := make(map[string]any, 2*len(t.Args))
		for _, a := range t.Args {
			wd.argData(data, a)
		}
		if n, ok := t.Count(); ok && t.One != "" {
			parts = append(parts, lang.N(t.Key, n, data))
		} else {
			parts = append(parts, lang.L(t.Key, data))
		}
	}
	for _, m := range t.More {
		parts = append(parts, wd.say(m))
	}
	return sentences(parts...)
}

// argData puts argument a into a template's data, in the players' words.
func (wd *words) argData(data map[string]any, a msg.Arg) {
	switch a.Kind {
	case msg.KindColor:
		c := chess.Color(a.Int)
		data[a.Name] = lang.L(colorPhrase(c, "White", "Black"))
		data[a.Name+"White"] = c != chess.Black
	case msg.KindPiece:
		data[a.Name] = pieceName(chess.PieceType(a.Int))
	case msg.KindNumber:
		data[a.Name] = int(a.Int)
	case msg.KindOrdinal:
		data[a.Name] = a.String()
		data[a.Name+"Number"] = int(a.Int)
	case msg.KindSAN:
		data[a.Name] = wd.san(a.Str)
	case msg.KindText:
		if a.Text != nil {
			data[a.Name] = wd.say(*a.Text)
		}
	case msg.KindWord:
		data[a.Name] = lang.L(a.Str)
	default:
		data[a.Name] = a.String()
	}
}

// sayErr returns err in the players' language: the Text of a refusal, or
// the error's own words.
func (wd *words) sayErr(err error) string { return wd.say(msg.TextOf(err)) }

// writtenText returns the message whose English is s: what the app writes
// into a score in English (a ruling, "Illegal move by Black (1st); White
// +2:00", the reason a game ended, "White resigns") is read back into its
// message and values, to be shown in the players' language; the file keeps
// its English. The rules' and the session's messages are read, and the
// wordings earlier versions wrote (formerWordings).
func (wd *words) writtenText(s string) (msg.Text, bool) {
	if wd.reader == nil {
		wd.reader = msg.NewReader(append(arbiter.Messages(), app.Messages()...), formerWordings(), writtenKinds())
	}
	if r, ok := wd.read[s]; ok {
		return r.text, r.ok
	}
	if len(wd.read) >= 4096 || wd.read == nil {
		wd.read = map[string]readText{} // a bound on a long session's comments
	}
	t, ok := wd.reader.Read(s)
	wd.read[s] = readText{t, ok}
	return t, ok
}

// readText is what writtenText read from a text: the message, and whether
// it is one.
type readText struct {
	text msg.Text
	ok   bool
}

// formerWordings returns the templates of rulings that earlier versions
// wrote into scores and that the messages no longer have, each with the key
// of the message that replaced it: files keep their English, and the window
// reads an old wording as the message of today. None is reworded yet;
// testdata/rulings.txt holds the English written today, and its test fails
// when a message is reworded without its old template here.
func formerWordings() map[string]string { return map[string]string{} }

// writtenKinds returns the kind of each placeholder of the rules' and the
// session's messages, by its name: how writtenText reads it back.
func writtenKinds() map[string]msg.Kind {
	return map[string]msg.Kind{
		"Side": msg.KindColor, "Other": msg.KindColor,
		"Piece": msg.KindPiece, "Target": msg.KindPiece,
		"Square": msg.KindSquare, "TargetSquare": msg.KindSquare,
		"Number": msg.KindNumber, msg.CountArg: msg.KindNumber, "Nth": msg.KindOrdinal,
		"Move": msg.KindSAN, "Line": msg.KindSAN, "Reply": msg.KindSAN, "Time": msg.KindSigned, "Times": msg.KindNumber,
		"Reason": msg.KindText, "What": msg.KindText, "Error": msg.KindText,
		"Change":  msg.KindWord,
		"Article": msg.KindString, "Engine": msg.KindString, "Name": msg.KindString,
		"Result": msg.KindString, "Squares": msg.KindString, "Text": msg.KindString,
		"Value": msg.KindString,
	}
}

// notationWords gives the notation the players' words (notation.Words).
type notationWords struct{ wd *words }

// SAN is part of notation.Words.
func (nw notationWords) SAN(san string) string { return nw.wd.san(san) }

// Written is part of notation.Words: the app's own English said in the
// players' language.
func (nw notationWords) Written(text string) string { return nw.wd.say(msg.Plain(text)) }

// Say is part of notation.Words.
func (nw notationWords) Say(t msg.Text) string { return nw.wd.say(t) }

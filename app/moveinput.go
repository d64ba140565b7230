package app

import (
	"slices"
	"strings"

	"touchmove/core/chess"
	"touchmove/core/msg"
)

// MoveInput is what a typed move names in a position: the legal moves it
// may still become, and the one it names when that is decided.
type MoveInput struct {
	// Move is the move the text names, NoMove while it names none or
	// several.
	Move chess.Move
	// Candidates are the legal moves the text may still become, in SAN,
	// sorted; empty when it can become none.
	Candidates []string
	// Problem says in words why the text names no move (zero when it names
	// one or may still).
	Problem msg.Text
}

// ParseMoveInput reads a move typed by the user in p, as the move box does
// while it is typed. It accepts SAN in any case and with the usual
// tolerance (e4, nf3, Nbd2, exd5, ed5, o-o, 0-0-0, e8=Q, e8q, with or
// without + # ! ?) and UCI (e2e4, e7e8q). The text names a move as soon as
// exactly one legal move fits it: written exactly (case and all), or, that
// failing, as its beginning.
//
// Piece letters of other languages are read too, where the text fits no
// move in English letters: Slovak and Czech (K D V S J), Russian (Кр Ф Л
// С К) and German (K D T L S).
func ParseMoveInput(p *chess.Position, text string) MoveInput {
	r := parseMoveInput(p, text)
	if r.Move != chess.NoMove || len(r.Candidates) > 0 {
		return r
	}
	for _, alt := range chess.LocalReadings(strings.TrimSpace(text)) {
		if r2 := parseMoveInput(p, alt); r2.Move != chess.NoMove || len(r2.Candidates) > 0 {
			return r2
		}
	}
	return r
}

func parseMoveInput(p *chess.Position, text string) MoveInput {
	in := strings.TrimSpace(text)
	in = strings.TrimRight(in, "+#!? ")
	if in == "" {
		return MoveInput{}
	}
	type spelled struct {
		m     chess.Move
		san   string
		forms []string
	}
	var all []spelled
	for _, m := range p.LegalMoves() {
		all = append(all, spelled{m: m, san: p.SAN(m), forms: moveForms(p, m)})
	}
	fold := foldMove(in)
	var exact, exactFold, prefix []spelled
	for _, sp := range all {
		e, ef, pf := false, false, false
		for _, f := range sp.forms {
			switch {
			case f == in:
				e = true
			case strings.EqualFold(foldMove(f), fold):
				ef = true
			case strings.HasPrefix(strings.ToLower(foldMove(f)), strings.ToLower(fold)):
				pf = true
			}
		}
		if e {
			exact = append(exact, sp)
		}
		if e || ef {
			exactFold = append(exactFold, sp)
		}
		if e || ef || pf {
			prefix = append(prefix, sp)
		}
	}
	var r MoveInput
	for _, sp := range prefix {
		r.Candidates = append(r.Candidates, sp.san)
	}
	slices.Sort(r.Candidates)
	r.Candidates = slices.Compact(r.Candidates)
	switch {
	case len(exact) == 1:
		r.Move = exact[0].m
	case len(exactFold) == 1:
		r.Move = exactFold[0].m
	case len(prefix) == 1:
		r.Move = prefix[0].m
	case len(prefix) == 0:
		r.Problem = msg.New(mNoMoveWritten, msg.String("Text", text))
	case len(exactFold) > 1:
		r.Problem = msg.New(mMayMean, msg.String("Text", text)) // the window lists the candidates
	}
	return r
}

// moveForms returns the ways a user may write m in p: its SAN, SAN without
// the capture sign or promotion's "=", a pawn capture by files only (ed5 as
// exd5: "ed"), castling with zeros, and UCI.
func moveForms(p *chess.Position, m chess.Move) []string {
	san := strings.TrimRight(p.SAN(m), "+#")
	forms := []string{san, p.UCI(m)}
	plain := strings.NewReplacer("x", "", "=", "").Replace(san)
	forms = append(forms, plain)
	switch san {
	case "O-O":
		forms = append(forms, "0-0", "OO", "00")
	case "O-O-O":
		forms = append(forms, "0-0-0", "OOO", "000")
	}
	return forms
}

// foldMove drops what a user may or may not write: the capture sign and
// the "=" of a promotion.
func foldMove(s string) string {
	return strings.NewReplacer("x", "", "X", "", ":", "", "=", "").Replace(s)
}

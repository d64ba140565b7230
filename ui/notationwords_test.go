package ui

import (
	"errors"
	"strings"
	"testing"
	"time"

	"touchmove/app"
	"touchmove/app/store"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/ui/notation"
)

// commentsShown returns the texts of the comments the notation shows.
func commentsShown(n *notation.Notation) []string {
	var out []string
	for _, o := range n.Objects() {
		if c, ok := o.(*notation.CommentToken); ok {
			out = append(out, c.Text())
		}
	}
	return out
}

// In a Russian or a Slovak window, what the arbiter and the session wrote
// into the score of the game (a ruling on the clock, a wrong claim and its
// penalty, an offer made before a move, the resignation) shows in the
// players' language in the notation, from the Texts the game recorded; the
// score keeps its English.
func TestRecordedEventsInThePlayersLanguage(t *testing.T) {
	for _, tc := range []struct {
		locale string
		want   []string
	}{
		{"ru_RU.UTF-8", []string{"Арбитр: на часах белых выставлено 5:00", "Белые потребовали ничью: требование неверно; чёрным +1:00", "Чёрные предложили ничью до своего хода", "Белые сдаются"}},
		{"sk_SK.UTF-8", []string{"Rozhodca: hodiny bieleho nastavené na 5:00", "Biely žiada remízu: neoprávnene; čiernemu +1:00", "Čierny ponúkol remízu pred svojím ťahom", "Biely sa vzdáva"}},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			inLanguage(t, tc.locale)
			w, s := arbiterGameWindow(t)
			for i, err := range []error{
				s.ArbiterSetTime(chess.White, 5*time.Minute),
				s.ClaimDraw(),
				s.DeclineDraw(chess.Black),
			} {
				if err != nil && !errors.Is(err, app.ErrRefused) {
					t.Fatalf("step %d: %v", i, err)
				}
			}
			realDrag(w, chess.E2, chess.E4)
			if err := errors.Join(s.OfferDraw(chess.Black), s.Resign(chess.White)); err != nil {
				t.Fatal(err)
			}
			got := strings.Join(commentsShown(w.notation), "\n")
			for _, want := range tc.want {
				if !strings.Contains(got, want) {
					t.Errorf("the notation lacks %q:\n%s", want, got)
				}
			}
			if strings.ContainsAny(got, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"+"abcdefghijklmnopqrstuvwxyz") && tc.locale == "ru_RU.UTF-8" {
				t.Errorf("English in the notation:\n%s", got)
			}
			for _, english := range []string{"claimed", "incorrect", "offered", "resigns", "Arbiter"} {
				if strings.Contains(got, english) {
					t.Errorf("%q in the notation:\n%s", english, got)
				}
			}
			data, err := store.EncodeGame(s.Game())
			if err != nil {
				t.Fatal(err)
			}
			if pgn := strings.Join(strings.Fields(string(data)), " "); !strings.Contains(pgn, "{ Draw claimed by White: incorrect; Black +1:00 }") {
				t.Errorf("the score is not English:\n%s", data)
			}
		})
	}
}

// arbiterGameWindow returns a test window playing a new timed game in
// arbiter mode, and its session.
func arbiterGameWindow(t *testing.T) (*Window, *app.Session) {
	t.Helper()
	w := newTestWindow(t)
	if err := w.session.NewGame(app.NewGameOptions{Rules: arbiter.RulesArbiter, Time: ptrTime(t)}); err != nil {
		t.Fatal(err)
	}
	return w, w.session
}

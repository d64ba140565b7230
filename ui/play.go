package ui

import (
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"touchmove/app"
	"touchmove/audio"
	"touchmove/core/chess"
)

// The window's actions of play, from the controls panel, the Game menu and
// the board: draw offers and claims, j'adoube, resignation, takeback, the
// confirmation of the result, and the dialog at the end of a game.

func (w *Window) claimDraw() { w.report(w.session.ClaimDraw()) }

// offerDraw records a draw offer by the player having the move (after his
// move and before his press is the proper time; an offer stands until
// answered).
func (w *Window) offerDraw() {
	a := w.session.Arbiter()
	if a == nil {
		w.report(w.session.OfferDraw(chess.White)) // refused with the reason
		return
	}
	if c, ok := w.session.PersonColor(); ok { // against the engine, the person offers
		w.report(w.session.OfferDraw(c))
		return
	}
	w.report(w.session.OfferDraw(a.Turn()))
}

func (w *Window) offerDrawBy(c chess.Color) { w.report(w.session.OfferDraw(c)) }

// answerOffer accepts or declines the pending offer for its receiver.
func (w *Window) answerOffer(accept bool) {
	by := w.session.PendingOffer()
	if by == chess.NoColor {
		return
	}
	var err error
	if accept {
		err = w.session.AcceptDraw(by.Other())
	} else {
		err = w.session.DeclineDraw(by.Other())
	}
	w.report(err)
}

func (w *Window) toggleAdjust() { w.report(w.session.ToggleAdjust()) }

// boardMove is a drop (or second click): a move, or the move declared with a claim.
func (w *Window) boardMove(from, to chess.Square) {
	if !w.declaring {
		if fb := w.session.Drop(from, to); !fb.Refused.IsZero() {
			w.playSound(audio.Illegal)
		}
		return
	}
	w.declaring = false
	w.session.Select(chess.NoSquare)
	w.report(w.session.ClaimDrawWithDrop(from, to))
}

// claimWithMove makes the next move entered the one declared with a claim.
func (w *Window) claimWithMove() {
	if w.session.Arbiter() == nil {
		return
	}
	w.declaring = true
	w.refresh()
}

func (w *Window) confirmResult(c chess.Color) { w.report(w.session.ConfirmResult(c)) }

func (w *Window) resign() {
	if c, ok := w.session.PersonColor(); ok { // against the engine, the person resigns
		w.resignAs(c)
		return
	}
	end := w.session.Game().End().Position()
	w.resignAs(end.Turn())
}

func (w *Window) resignAs(c chess.Color) {
	if st := w.session.Can(app.ActionResign); !st.Enabled {
		w.notice(w.words.say(st.Why))
		return
	}
	w.dlg.confirm(lang.L("Resign"), lang.L(colorPhrase(c, "Does White resign? A resignation cannot be withdrawn.", "Does Black resign? A resignation cannot be withdrawn.")), func() { w.report(w.session.Resign(c)) })
}

func (w *Window) takeBack() { w.report(w.session.TakebackVsEngine()) }

// gameOverDialog announces the end of a game played here: result and reason.
func (w *Window) gameOverDialog(st app.Status) {
	w.playSound(audio.GameEnd)
	msg := st.Result.String() + "\n" + w.words.say(st.Reason)
	if w.session.Arbiter() != nil {
		msg += "\n\n" + lang.L("Both players confirm the result in the Game menu.")
	}
	w.dlg.showNotice(dialog.NewInformation(lang.L("Game over"), msg, w.win), nil)
}

package ui

import (
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"touchmove/app"
	"touchmove/audio"
	"touchmove/core/chess"
)

// playing is the window's actions of play, from the controls panel, the
// Game and Arbiter menus and the board: draw offers and claims, j'adoube,
// resignation, takeback, the confirmation of the result, the dialog at the
// end of a game, and the arbiter's rulings (arbiter.go). The window has one
// (Window.play).
type playing struct {
	w *Window
	// declaring is set while the next move entered is the move declared
	// with a draw claim (rules.md §3 N6 b), not a move played.
	declaring bool
	// over is the game-over dialog on show, nil when none; a new game
	// closes it (issue 45, point 10a).
	over dialog.Dialog
}

// closeGameOver closes the game-over dialog of the last game, if on show.
func (p *playing) closeGameOver() {
	if p.over != nil {
		p.over.Hide() // its OnClosed forgets it
	}
}

func (p *playing) claimDraw() { p.w.report(p.w.session.ClaimDraw()) }

// offerDraw records a draw offer by the player having the move (after his
// move and before his press is the proper time; an offer stands until
// answered).
func (p *playing) offerDraw() {
	a := p.w.session.Arbiter()
	if a == nil {
		p.w.report(p.w.session.OfferDraw(chess.White)) // refused with the reason
		return
	}
	if c, ok := p.w.session.PersonColor(); ok { // against the engine, the person offers
		p.w.report(p.w.session.OfferDraw(c))
		return
	}
	p.w.report(p.w.session.OfferDraw(a.Turn()))
}

func (p *playing) offerDrawBy(c chess.Color) { p.w.report(p.w.session.OfferDraw(c)) }

// answerOffer accepts or declines the pending offer for its receiver.
func (p *playing) answerOffer(accept bool) {
	by := p.w.session.PendingOffer()
	if by == chess.NoColor {
		return
	}
	var err error
	if accept {
		err = p.w.session.AcceptDraw(by.Other())
	} else {
		err = p.w.session.DeclineDraw(by.Other())
	}
	p.w.report(err)
}

func (p *playing) toggleAdjust() { p.w.report(p.w.session.ToggleAdjust()) }

// boardMove is a drop (or second click): a move, or the move declared with a claim.
func (p *playing) boardMove(from, to chess.Square) {
	if !p.declaring {
		if fb := p.w.session.Drop(from, to); !fb.Refused.IsZero() {
			p.w.playSound(audio.Illegal)
		}
		return
	}
	p.declaring = false
	p.w.session.Select(chess.NoSquare)
	p.w.report(p.w.session.ClaimDrawWithDrop(from, to))
}

// claimWithMove makes the next move entered the one declared with a claim.
func (p *playing) claimWithMove() {
	if p.w.session.Arbiter() == nil {
		return
	}
	p.declaring = true
	p.w.refresh()
}

func (p *playing) confirmResult(c chess.Color) { p.w.report(p.w.session.ConfirmResult(c)) }

func (p *playing) resign() {
	if c, ok := p.w.session.PersonColor(); ok { // against the engine, the person resigns
		p.resignAs(c)
		return
	}
	end := p.w.session.Game().End().Position()
	p.resignAs(end.Turn())
}

func (p *playing) resignAs(c chess.Color) {
	if st := p.w.session.Can(app.ActionResign); !st.Enabled {
		p.w.notice(p.w.words.say(st.Why))
		return
	}
	p.w.dlg.confirm(lang.L("Resign"), lang.L(colorPhrase(c, "Does White resign? A resignation cannot be withdrawn.", "Does Black resign? A resignation cannot be withdrawn.")), func() { p.w.report(p.w.session.Resign(c)) })
}

func (p *playing) takeBack() { p.w.report(p.w.session.TakebackVsEngine()) }

// gameOverDialog announces the end of a game played here: result and reason.
func (p *playing) gameOverDialog(st app.Status) {
	p.w.playSound(audio.GameEnd)
	msg := st.Result.String() + "\n" + p.w.words.say(st.Reason)
	if p.w.session.Arbiter() != nil && p.w.session.Can(app.ActionConfirmResult).Enabled {
		msg += "\n\n" + p.confirmWords()
	}
	p.closeGameOver()
	d := dialog.NewInformation(lang.L("Game over"), msg, p.w.win)
	p.over = d
	p.w.dlg.showNotice(dlgGameOver, d, func() {
		if p.over == d {
			p.over = nil
		}
	})
}

// confirmWords asks the players to confirm the result; against the engine
// only the person is asked, the engine signs as the game ends (issue 45,
// point 4).
func (p *playing) confirmWords() string {
	if c, ok := p.w.session.PersonColor(); ok {
		return lang.L(colorPhrase(c, "White confirms the result in the Game menu.", "Black confirms the result in the Game menu."))
	}
	return lang.L("Both players confirm the result in the Game menu.")
}

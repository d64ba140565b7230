package ui

import (
	"fyne.io/fyne/v2"
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
	host playingHost
	// declaring is set while the next move entered is the move declared
	// with a draw claim (rules.md §3 N6 b), not a move played.
	declaring bool
	// over is the game-over dialog on show, nil when none; a new game
	// closes it (issue 45, point 10a).
	over dialog.Dialog
}

// playingHost is what the playing side asks of its window (*Window,
// hosts.go): the session the game is played in, the window and its
// dialogs, the message line in the players' words, the sounds and the
// redraw.
type playingHost interface {
	gameSession() *app.Session
	Window() fyne.Window
	windowDialogs() *dialogs
	report(err error)
	notice(text string)
	playerWords() *words
	playSound(k audio.Kind)
	refresh()
}

// closeGameOver closes the game-over dialog of the last game, if on show.
func (p *playing) closeGameOver() {
	if p.over != nil {
		p.over.Hide() // its OnClosed forgets it
	}
}

func (p *playing) claimDraw() { p.host.report(p.host.gameSession().ClaimDraw()) }

// offerDraw records a draw offer by the player having the move (after his
// move and before his press is the proper time; an offer stands until
// answered).
func (p *playing) offerDraw() {
	a := p.host.gameSession().Arbiter()
	if a == nil {
		p.host.report(p.host.gameSession().OfferDraw(chess.White)) // refused with the reason
		return
	}
	if c, ok := p.host.gameSession().PersonColor(); ok { // against the engine, the person offers
		p.host.report(p.host.gameSession().OfferDraw(c))
		return
	}
	p.host.report(p.host.gameSession().OfferDraw(a.Turn()))
}

func (p *playing) offerDrawBy(c chess.Color) { p.host.report(p.host.gameSession().OfferDraw(c)) }

// answerOffer accepts or declines the pending offer for its receiver.
func (p *playing) answerOffer(accept bool) {
	by := p.host.gameSession().PendingOffer()
	if by == chess.NoColor {
		return
	}
	var err error
	if accept {
		err = p.host.gameSession().AcceptDraw(by.Other())
	} else {
		err = p.host.gameSession().DeclineDraw(by.Other())
	}
	p.host.report(err)
}

func (p *playing) toggleAdjust() { p.host.report(p.host.gameSession().ToggleAdjust()) }

// boardMove is a drop (or second click): a move, or the move declared with a claim.
func (p *playing) boardMove(from, to chess.Square) {
	if !p.declaring {
		if fb := p.host.gameSession().Drop(from, to); !fb.Refused.IsZero() {
			p.host.playSound(audio.Illegal)
		}
		return
	}
	p.declaring = false
	p.host.gameSession().Select(chess.NoSquare)
	p.host.report(p.host.gameSession().ClaimDrawWithDrop(from, to))
}

// claimWithMove makes the next move entered the one declared with a claim.
func (p *playing) claimWithMove() {
	if p.host.gameSession().Arbiter() == nil {
		return
	}
	p.declaring = true
	p.host.refresh()
}

func (p *playing) confirmResult(c chess.Color) { p.host.report(p.host.gameSession().ConfirmResult(c)) }

func (p *playing) resign() {
	if c, ok := p.host.gameSession().PersonColor(); ok { // against the engine, the person resigns
		p.resignAs(c)
		return
	}
	end := p.host.gameSession().Game().End().Position()
	p.resignAs(end.Turn())
}

func (p *playing) resignAs(c chess.Color) {
	if st := p.host.gameSession().Can(app.ActionResign); !st.Enabled {
		p.host.notice(p.host.playerWords().say(st.Why))
		return
	}
	p.host.windowDialogs().confirm(lang.L("Resign"), lang.L(colorPhrase(c, "Does White resign? A resignation cannot be withdrawn.", "Does Black resign? A resignation cannot be withdrawn.")), func() { p.host.report(p.host.gameSession().Resign(c)) })
}

func (p *playing) takeBack() { p.host.report(p.host.gameSession().TakebackVsEngine()) }

// gameOverDialog announces the end of a game played here: result and reason.
func (p *playing) gameOverDialog(st app.Status) {
	p.host.playSound(audio.GameEnd)
	msg := st.Result.String() + "\n" + p.host.playerWords().say(st.Reason)
	if p.host.gameSession().Arbiter() != nil && p.host.gameSession().Can(app.ActionConfirmResult).Enabled {
		msg += "\n\n" + p.confirmWords()
	}
	p.closeGameOver()
	d := dialog.NewInformation(lang.L("Game over"), msg, p.host.Window())
	p.over = d
	p.host.windowDialogs().showNotice(dlgGameOver, d, func() {
		if p.over == d {
			p.over = nil
		}
	})
}

// confirmWords asks the players to confirm the result; against the engine
// only the person is asked, the engine signs as the game ends (issue 45,
// point 4).
func (p *playing) confirmWords() string {
	if c, ok := p.host.gameSession().PersonColor(); ok {
		return lang.L(colorPhrase(c, "White confirms the result in the Game menu.", "Black confirms the result in the Game menu."))
	}
	return lang.L("Both players confirm the result in the Game menu.")
}

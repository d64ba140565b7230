package ui

import (
	"errors"
	"strings"
	"time"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"touchmove/core/arbiter"
	"touchmove/core/chess"
)

// arbiterOnly runs f in Arbiter mode, and says why not otherwise.
func (w *Window) arbiterOnly(f func() error) {
	if w.session.Mode() != arbiter.ModeArbiter {
		w.showError(errors.New("this is an arbiter's action: start the game in Arbiter mode (File › New game)"))
		return
	}
	if err := f(); err != nil {
		w.showError(err)
	}
}

func (w *Window) retract() { w.arbiterOnly(w.session.RetractProvisional) }

func (w *Window) cancelTouch() {
	w.arbiterOnly(func() error {
		b := w.session.Board()
		if b.Touched == chess.NoSquare {
			return errors.New("no piece is bound by a touch")
		}
		return w.session.ArbiterCancelTouch(b.Touched)
	})
}

func (w *Window) addTime(c chess.Color, d time.Duration) {
	w.arbiterOnly(func() error { return w.session.ArbiterAddTime(c, d) })
}

// declareResult lets the arbiter end the game with a reason.
func (w *Window) declareResult() {
	if w.session.Mode() != arbiter.ModeArbiter {
		w.arbiterOnly(nil)
		return
	}
	result := widget.NewSelect([]string{"1-0", "0-1", "1/2-1/2"}, nil)
	result.SetSelected("1/2-1/2")
	reason := widget.NewEntry()
	reason.SetPlaceHolder("e.g. dead position since move 41")
	dialog.ShowForm("Declare the result", "Declare", "Cancel", []*widget.FormItem{
		widget.NewFormItem("Result", result),
		widget.NewFormItem("Reason", reason),
	}, func(ok bool) {
		if !ok {
			return
		}
		winner := chess.NoColor
		switch result.Selected {
		case "1-0":
			winner = chess.White
		case "0-1":
			winner = chess.Black
		}
		text := strings.TrimSpace(reason.Text)
		if text == "" {
			text = "Arbiter's decision"
		}
		if err := w.session.ArbiterDeclare(winner, text); err != nil {
			w.showError(err)
		}
	}, w.win)
}

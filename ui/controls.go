package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/core/chess"
)

// controlsPanel is the buttons of play under the notation: a row for a
// draw claim and the answer to an offer, then take back, flip, j'adoube,
// offer a draw and resign. Each is shown and enabled as the session
// allows.
type controlsPanel struct {
	widget.BaseWidget
	claim, accept, decline *widget.Button
	touchClaim             *widget.Button // a touch-move breach read from the board (issue 45)
	takeback, adjust       *widget.Button
	draw, resign           *widget.Button
	offerRow               *fyne.Container // the claim and the offer's answer, in a row always there
	content                *fyne.Container
}

var _ fyne.Widget = (*controlsPanel)(nil)

// controlActions are what the buttons of a controlsPanel do.
type controlActions struct {
	claim, offer, resign, adjust, takeback, flip func()
	answer                                       func(accept bool)
	claimTouchMove                               func()
}

// newControlsPanel returns the buttons, calling on's functions.
func newControlsPanel(on controlActions) *controlsPanel {
	p := &controlsPanel{
		claim:    widget.NewButton(lang.L("Claim draw"), on.claim),
		draw:     widget.NewButton(lang.L("Offer draw"), on.offer),
		resign:   widget.NewButton(lang.L("Resign"), on.resign),
		accept:   widget.NewButton(lang.L("Accept draw"), func() { on.answer(true) }),
		decline:  widget.NewButton(lang.L("Decline"), func() { on.answer(false) }),
		adjust:   widget.NewButton(lang.L("J'adoube"), on.adjust),
		takeback: widget.NewButtonWithIcon(lang.L("Take back"), theme.ContentUndoIcon(), on.takeback),
	}
	p.touchClaim = widget.NewButton(lang.L("White claims touch-move"), on.claimTouchMove)
	p.touchClaim.Importance = widget.WarningImportance
	p.claim.Importance = widget.HighImportance
	p.accept.Importance = widget.HighImportance
	flip := widget.NewButtonWithIcon(lang.L("Flip"), theme.ViewRefreshIcon(), on.flip)
	actions := container.New(&fitGrid{least: 2, most: 3}, p.takeback, flip, p.adjust, p.draw, p.resign)
	// Claims and the answer to an offer share one row that is always there,
	// so that nothing moves (the clocks above all) when an offer comes.
	buttonRow := canvas.NewRectangle(color.Transparent)
	buttonRow.SetMinSize(fyne.NewSize(1, p.decline.MinSize().Height)) // a button's height, empty or not
	p.offerRow = container.NewStack(buttonRow, container.New(&fitGrid{least: 2, most: 3}, p.claim, p.touchClaim, p.accept, p.decline))
	p.content = container.NewVBox(p.offerRow, actions)
	p.ExtendBaseWidget(p)
	return p
}

// CreateRenderer lays the buttons out in their rows.
func (p *controlsPanel) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.content)
}

// show shows the buttons the session's mode has, enabled as it allows,
// with st the session's status.
func (p *controlsPanel) show(s *app.Session, st app.Status) {
	if st.Claimable != nil {
		p.claim.SetText(lang.L(map[bool]string{true: "Claim draw: 3-fold", false: "Claim draw: 50 moves"}[st.Claimable.Reason == chess.ThreefoldRepetition]))
		p.claim.Show()
	} else {
		p.claim.Hide()
	}
	if b, ok := s.TouchMoveClaim(); ok {
		p.touchClaim.SetText(lang.L(colorPhrase(b.By.Other(), "White claims touch-move", "Black claims touch-move")))
		p.touchClaim.Show()
	} else {
		p.touchClaim.Hide()
	}
	enable(p.draw, s.Can(app.ActionOfferDraw).Enabled)
	enable(p.resign, s.Can(app.ActionResign).Enabled)
	enable(p.adjust, s.Can(app.ActionAdjust).Enabled)
	enable(p.takeback, s.Can(app.ActionTakeback).Enabled)
	// The controls of play take room only where there is play: a stored
	// game shown for analysis leaves it to the notation.
	showIf(p.offerRow, s.Phase() == app.Playing)
	for _, b := range []*widget.Button{p.draw, p.resign, p.adjust} {
		showIf(b, s.Phase() == app.Playing)
	}
	showIf(p.takeback, s.Phase() != app.Browsing)
	// An offer to the engine is its to answer (issue 45, point 4).
	if by := s.PendingOffer(); by != chess.NoColor && !st.Over && s.Can(app.ActionAnswerOffer).Enabled {
		p.accept.SetText(lang.L(colorPhrase(by.Other(), "White accepts", "Black accepts")))
		p.accept.Show()
		p.decline.Show()
	} else {
		p.accept.Hide()
		p.decline.Hide()
	}
	if s.Adjusting() {
		p.adjust.SetText(lang.L("J'adoube: armed"))
		p.adjust.Importance = widget.WarningImportance
	} else {
		p.adjust.SetText(lang.L("J'adoube"))
		p.adjust.Importance = widget.MediumImportance
	}
	p.adjust.Refresh()
}

// enable enables or disables b.
func enable(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// showIf shows or hides o, doing nothing when it already is so (as the
// board's own showIf does for its squares).
func showIf(o fyne.CanvasObject, visible bool) {
	if o.Visible() != visible {
		if visible {
			o.Show()
		} else {
			o.Hide()
		}
	}
}

package ui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/ui/widgets"
)

// playersPanel is the two players' rows of the game panel, each name
// beside its clock face: the top row belongs to the player at the top of
// the board. It owns the clocks' display settings (View › Tenths of a
// second, Move counter on the clocks) and the seconds last shown, for the
// low-time beeps.
type playersPanel struct {
	// top and bottom are the rows the window lays out, above and below
	// the notation.
	top, bottom *playerRow

	tenths      time.Duration // below this the clocks show tenths
	showCounter bool          // the clocks show the move counter
	lastSecond  [2]int        // whole seconds last shown on each running clock
}

// newPlayersPanel returns the rows with the clock settings of prefs; a tap
// on a face calls press with whether it is the top one.
func newPlayersPanel(prefs fyne.Preferences, press func(top bool)) *playersPanel {
	p := &playersPanel{
		top:         newPlayerRow(func() { press(true) }),
		bottom:      newPlayerRow(func() { press(false) }),
		tenths:      time.Duration(settingKeys().tenthsBelowMs.get(prefs)) * time.Millisecond,
		showCounter: settingKeys().showCounter.get(prefs),
	}
	p.applyClockPrefs()
	return p
}

// playerRow is one player's row: the name beside the clock face, which a
// tap presses.
type playerRow struct {
	widget.BaseWidget
	name  *widget.Label
	clock *widgets.ClockFace
}

var _ fyne.Widget = (*playerRow)(nil)

// newPlayerRow returns a row with no name; a tap on its face calls tapped.
func newPlayerRow(tapped func()) *playerRow {
	r := &playerRow{name: newNameLabel(), clock: widgets.NewClockFace()}
	r.clock.OnTapped = tapped
	r.ExtendBaseWidget(r)
	return r
}

// CreateRenderer puts the clock face at the end of the row and gives the
// name the rest.
func (r *playerRow) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil, nil, r.clock, r.name))
}

// newNameLabel returns the label of a player's name beside the clocks. A
// long name is cut with an ellipsis: its width never widens the panel,
// which would shrink the board (a name of 300 characters left it 90
// pixels wide and pushed the buttons off the window).
func newNameLabel() *widget.Label {
	l := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.Truncation = fyne.TextTruncateEllipsis
	return l
}

// show shows the players of the session's game, with their ratings, and
// their clocks.
func (p *playersPanel) show(s *app.Session) {
	g := s.Game()
	if _, ok := s.Drill(); ok {
		g = s.Shown() // the game the drill's position comes from
	}
	white, black := playerName(g, "White"), playerName(g, "Black")
	top, bottom := "♚ "+black, "♔ "+white
	if s.Flipped() {
		top, bottom = "♔ "+white, "♚ "+black
	}
	p.top.name.SetText(top)
	p.bottom.name.SetText(bottom)
	p.showClocks(s)
}

// playerName is the tag of side (White or Black) with the player's rating
// when it is known; an engine's tag ("Stockfish 15.1 (level 3)") is said
// in the players' language.
func playerName(g *game.Game, side string) string {
	name := g.Tags.Value(side)
	if name == "" || name == "?" || name == side {
		// No name given (a new game writes the side's English name, as
		// PGN files do): the side, in the players' language.
		name = lang.L(side)
	} else if seat, ok := app.SeatFromLabel(name); ok {
		name = engineLabel(seat)
	}
	if elo := g.Tags.Value(side + "Elo"); elo != "" && elo != "-" {
		name += " (" + elo + ")"
	}
	return name
}

// showClocks redraws the two faces; the top one belongs to the player at
// the top of the board.
func (p *playersPanel) showClocks(s *app.Session) {
	if left, ok := s.DrillTimeLeft(); ok {
		// A timed drill: the time to answer, on the user's face (the
		// board is turned to the user).
		p.top.clock.SetFace(app.ClockFace{}, false)
		p.bottom.clock.SetFace(app.ClockFace{Time: left, Running: true}, true) // no move counter
		return
	}
	faces, ok := s.ClockFaces()
	top, bottom := chess.Black, chess.White
	if s.Flipped() {
		top, bottom = chess.White, chess.Black
	}
	p.top.clock.SetFace(faces[top], ok)
	p.bottom.clock.SetFace(faces[bottom], ok)
}

// nextChange returns how long until a face changes by itself, at most idle.
func (p *playersPanel) nextChange(idle time.Duration) time.Duration {
	return min(p.top.clock.NextChange(idle), p.bottom.clock.NextChange(idle))
}

// lowTime reports whether a running clock has just reached 10 s or one of
// its last 5 s, the moments that beep.
func (p *playersPanel) lowTime(s *app.Session) bool {
	faces, ok := s.ClockFaces()
	if !ok {
		return false
	}
	due := false
	for c, f := range faces {
		sec := int(f.Time / time.Second)
		if f.Running && !f.Paused && beepDue(p.lastSecond[c], sec) {
			due = true
		}
		p.lastSecond[c] = sec
	}
	return due
}

// setTenths shows tenths of a second below d.
func (p *playersPanel) setTenths(d time.Duration) {
	p.tenths = d
	p.applyClockPrefs()
}

// setShowCounter shows or hides the move counter on the faces.
func (p *playersPanel) setShowCounter(on bool) {
	p.showCounter = on
	p.applyClockPrefs()
}

// applyClockPrefs passes the display settings to both faces.
func (p *playersPanel) applyClockPrefs() {
	for _, c := range []*widgets.ClockFace{p.top.clock, p.bottom.clock} {
		c.SetTenthsBelow(p.tenths)
		c.SetShowCounter(p.showCounter)
	}
}

// engineLabel returns the name of the engine of seat with its level or
// rating, in the players' language: EngineSeat.Label as the window says it.
func engineLabel(seat app.EngineSeat) string {
	if seat.Elo > 0 {
		return lang.L("{{.Engine}} (Elo {{.Elo}})", map[string]any{"Engine": seat.Name, "Elo": seat.Elo})
	}
	return lang.L("{{.Engine}} (level {{.Level}})", map[string]any{"Engine": seat.Name, "Level": seat.Level})
}

package ui

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/boardview"
	"touchmove/core/arbiter"
	"touchmove/core/chess"
	"touchmove/ui/board"
)

// eboardUI shows the session's electronic board (app.Session.ConnectEBoard)
// and holds the View › Electronic board… dialog while it is open; the port
// chosen is remembered in the settings.
type eboardUI struct {
	host eboardHost
	open *eboardDialog
	told string // the board's notice last put on the message line
	said string // told, as the message line said it
	// asked is the board's last request for a new game taken
	// (app.EBoardState.NewGameAsks).
	asked int
	// do runs the board's work on the Fyne goroutine (fyne.Do; the tests
	// run it on theirs).
	do func(func())
}

// eboardHost is what the electronic board's dialog and notices ask of
// their window (*Window, hosts.go): the session that reads the board, the
// settings, the board's view, the message line in the players' words, the
// question about changes not saved, the dialogs, and the window's life for
// the probe of a remembered port.
type eboardHost interface {
	gameSession() *app.Session
	preferences() fyne.Preferences
	showBoard()
	playerWords() *words
	notice(text string)
	noticeShown() string
	unsavedThen(f func())
	windowDialogs() *dialogs
	report(err error)
	Window() fyne.Window
	background(f func())
	lifeContext() context.Context
}

// eboardDialog holds the widgets of the dialog.
type eboardDialog struct {
	d       dialog.Dialog
	ports   *widget.SelectEntry
	probe   *widget.Button
	probed  *widget.Label
	state   *widget.Label
	connect *widget.Button
	mine    *board.Board // what the electronic board shows
	game    *board.Board // what the game shows
}

// state returns what the session's electronic board shows.
func (u *eboardUI) state() app.EBoardState { return u.host.gameSession().EBoardState() }

// connect reads the board on port (and forgets any other), and remembers
// the port.
func (u *eboardUI) connect(port string) {
	settingKeys().eboardPort.set(u.host.preferences(), port)
	u.host.gameSession().ConnectEBoard(port, app.EBoardConnection{Do: u.do})
}

// disconnect stops reading the board.
func (u *eboardUI) disconnect() { u.host.gameSession().DisconnectEBoard() }

// forget disconnects and forgets the board chosen.
func (u *eboardUI) forget() {
	settingKeys().eboardPort.set(u.host.preferences(), "")
	if !u.state().Linked() {
		u.changed()
		return
	}
	u.disconnect()
}

// changed redraws what shows the board — the game's board marks, the
// message line, the dialog — and takes its request for a new game; the
// session tells it of every change of the board (OnEBoardChange).
func (u *eboardUI) changed() {
	st := u.state()
	u.host.showBoard()
	if st.Linked() {
		if n := st.Notice; n.String() != u.told {
			u.told = n.String()
			switch {
			case !n.IsZero():
				u.said = u.host.playerWords().say(n)
				u.host.notice(u.said)
			case u.host.noticeShown() == u.said:
				u.host.notice("") // the board is back, or agrees again
			}
		}
	}
	u.show()
	if st.NewGameAsks != u.asked {
		u.asked = st.NewGameAsks
		u.newGameFromBoard()
	}
}

// newGameFromBoard starts the new game the board asked for, set up at the
// start: the players, the clocks and the rules of the new-game dialog's
// last game; changes not saved are asked about first.
func (u *eboardUI) newGameFromBoard() {
	w := u.host
	w.unsavedThen(func() {
		prefs := w.preferences()
		o := app.NewGameOptions{White: settingKeys().lastWhite.get(prefs), Black: settingKeys().lastBlack.get(prefs), Event: settingKeys().lastEvent.get(prefs),
			Rules: arbiter.Rules(settingKeys().rulesMode.get(prefs))}
		if wt := strings.TrimSpace(settingKeys().lastWhiteTime.get(prefs)); wt != "" && wt != "-" {
			bt := strings.TrimSpace(settingKeys().lastBlackTime.get(prefs))
			if bt == "" {
				bt = wt
			}
			wc, err1 := parseControl(wt, "")
			bc, err2 := parseControl(bt, "")
			if err := errors.Join(err1, err2); err != nil {
				w.windowDialogs().showError(err)
				return
			}
			o.Time = &app.TimeSettings{White: wc, Black: bc, ManualPress: settingKeys().manualPress.get(prefs)}
		}
		if err := w.gameSession().NewGame(o); err != nil {
			w.windowDialogs().showError(err)
		}
	})
}

// claimTouchMove is the claim, by the player having the move, of the
// opponent's touch-move breach read from the board: upheld at once under
// FIDE rules; under Arbiter rules the arbiter rules on it first.
func (u *eboardUI) claimTouchMove() {
	w := u.host
	b, ok := w.gameSession().TouchMoveClaim()
	if !ok {
		return
	}
	by := b.By.Other()
	claim := func() { w.report(w.gameSession().ClaimTouchMove(by)) }
	if w.gameSession().Rules() != arbiter.RulesArbiter {
		claim()
		return
	}
	q := lang.L(colorPhrase(by, "White claims that Black's last move broke touch-move (Art. {{.Article}}). Uphold the claim and take the move back?",
		"Black claims that White's last move broke touch-move (Art. {{.Article}}). Uphold the claim and take the move back?"),
		map[string]any{"Article": b.Article})
	answer, show := w.windowDialogs().dialogKeys(dlgTouchMoveClaim, func(uphold bool) {
		if uphold {
			claim()
		}
	})
	d := dialog.NewConfirm(lang.L("Arbiter: touch-move claim"), q, answer, w.Window())
	d.SetConfirmText(lang.L("Uphold"))
	d.SetDismissText(lang.L("Reject"))
	show(d)
}

// stateText says how the board is.
func (u *eboardUI) stateText() string {
	st := u.state()
	if !st.Linked() {
		return lang.L("No electronic board is connected.")
	}
	if !st.Connected {
		if st.Err != nil {
			return lang.L("Waiting for the board on {{.Port}}: it reconnects by itself when it is back.", map[string]any{"Port": st.Port})
		}
		return lang.L("Connecting to {{.Port}}…", map[string]any{"Port": st.Port})
	}
	s := lang.L("Connected: DGT board {{.Serial}}, version {{.Version}}, on {{.Port}}.",
		map[string]any{"Serial": st.Info.Serial, "Version": st.Info.Version, "Port": st.Port})
	if n := st.Diff.Count(); n > 0 {
		s += " " + lang.L("The red squares differ from the game.")
	} else {
		s += " " + lang.L("The board stands as the game.")
	}
	return s
}

// show updates the dialog, when it is open.
func (u *eboardUI) show() {
	d := u.open
	if d == nil {
		return
	}
	st := u.state()
	d.state.SetText(u.stateText())
	if st.Linked() {
		d.connect.SetText(lang.L("Disconnect"))
	} else {
		d.connect.SetText(lang.L("Connect"))
	}
	game := u.host.gameSession().Board()
	game.Interactive = false
	v := boardview.New()
	v.Flipped = game.Flipped
	if st.Connected {
		v.Pieces = st.Pieces
		for b := st.Diff; b != 0; b &= b - 1 {
			mark := boardview.SquareMark{Square: b.First(), Color: boardview.Red}
			v.Marks = append(v.Marks, mark)
			game.Marks = append(game.Marks, mark)
		}
	}
	d.mine.SetView(v)
	d.game.SetView(game)
	if d.probed.Text == "" {
		d.probed.Hide()
	} else {
		d.probed.Show()
	}
}

// reconnect connects the board chosen last time, if any, once it answers
// as a DGT board: a port remembered may belong to another program by now
// (a pseudo-terminal, a USB serial number given to another device). One
// that does not answer is left alone, kept for the dialog, and the message
// line says so.
func (u *eboardUI) reconnect() {
	port := settingKeys().eboardPort.get(u.host.preferences())
	if port == "" {
		return
	}
	u.host.background(func() {
		ctx, cancel := context.WithTimeout(u.host.lifeContext(), 3*time.Second)
		_, err := app.ProbeBoard(ctx, port)
		cancel()
		u.do(func() {
			if u.state().Linked() || settingKeys().eboardPort.get(u.host.preferences()) != port {
				return // connected or chosen otherwise meanwhile
			}
			if err != nil {
				u.host.notice(lang.L("The electronic board remembered on {{.Port}} does not answer as a DGT board: it is not connected (View › Electronic board… connects a board).",
					map[string]any{"Port": port}))
				return
			}
			u.connect(port)
		})
	})
}

// marks marks on the game's board the squares where the electronic
// board differs from it.
func (u *eboardUI) marks(v *boardview.View) {
	st := u.state()
	if !st.Connected {
		return
	}
	for b := st.Diff; b != 0; b &= b - 1 {
		v.Marks = append(v.Marks, boardview.SquareMark{Square: b.First(), Color: boardview.Red})
	}
}

// pieces returns what the connected electronic board shows, for the
// position editor.
func (u *eboardUI) pieces() ([64]chess.Piece, bool) {
	st := u.state()
	return st.Pieces, st.Connected
}

// ports lists the serial ports to choose from: the one remembered first
// when the system no longer lists it.
func (u *eboardUI) ports() []string {
	ports := app.BoardPorts()
	if p := settingKeys().eboardPort.get(u.host.preferences()); p != "" && !slices.Contains(ports, p) {
		ports = append([]string{p}, ports...)
	}
	return ports
}

// openDialog opens View › Electronic board…: the ports, probed for a DGT
// board, connect and disconnect, and the board's own view beside the game's.
func (u *eboardUI) openDialog() {
	d := &eboardDialog{
		ports:  widget.NewSelectEntry(nil),
		probed: widget.NewLabel(""),
		state:  widget.NewLabel(""),
		mine:   board.New(),
		game:   board.New(),
	}
	d.probed.Wrapping = fyne.TextWrapWord
	d.state.Wrapping = fyne.TextWrapWord
	d.ports.SetPlaceHolder(app.BoardPortExample)
	ports := u.ports()
	d.ports.SetOptions(ports)
	switch st := u.state(); {
	case st.Linked():
		d.ports.SetText(st.Port)
	case len(ports) > 0:
		d.ports.SetText(ports[0])
	}
	d.probe = widget.NewButton(lang.L("Probe the ports"), func() { u.probe(d) })
	d.connect = widget.NewButton(lang.L("Connect"), func() {
		if u.state().Linked() {
			u.forget()
			return
		}
		if p := strings.TrimSpace(d.ports.Text); p != "" {
			u.connect(p)
		}
	})
	d.connect.Importance = widget.HighImportance
	d.d = dialog.NewCustom(lang.L("Electronic board"), lang.L("Close"), d.layout(), u.host.Window())
	d.d.SetOnClosed(func() { u.open = nil })
	u.open = d
	u.show()
	d.d.Resize(fyne.NewSize(760, 600))
	u.host.windowDialogs().show(dlgEBoard, d.d)
}

// layout arranges the dialog: the port with Probe and Connect, what the
// probe found and the board's state above, the two boards side by side.
func (d *eboardDialog) layout() fyne.CanvasObject {
	caption := func(s string) *widget.Label {
		l := widget.NewLabel(s)
		l.Alignment = fyne.TextAlignCenter
		return l
	}
	boards := container.NewGridWithColumns(2,
		container.NewBorder(caption(lang.L("On the electronic board")), nil, nil, nil, d.mine),
		container.NewBorder(caption(lang.L("In the game")), nil, nil, nil, d.game))
	top := container.NewVBox(
		widget.NewForm(widget.NewFormItem(lang.L("Port"), container.NewBorder(nil, nil, nil, container.NewHBox(d.probe, d.connect), d.ports))),
		d.probed, d.state)
	return container.NewBorder(top, nil, nil, nil, boards)
}

// probe asks each port, and the one typed, whether a DGT board answers
// there, on a goroutine of the window's; the dialog shows what each said,
// and chooses the first board found when none is connected.
func (u *eboardUI) probe(d *eboardDialog) {
	ports := u.ports()
	if t := strings.TrimSpace(d.ports.Text); t != "" && !slices.Contains(ports, t) {
		ports = append([]string{t}, ports...)
	}
	d.ports.SetOptions(ports)
	if len(ports) == 0 {
		d.probed.SetText(lang.L("No serial port is found: plug the board in, or pair it over Bluetooth."))
		d.probed.Show()
		return
	}
	d.probe.Disable()
	d.probed.SetText(lang.L("Probing…"))
	d.probed.Show()
	busy := u.state().Port
	u.host.background(func() {
		lines, found := u.probePorts(ports, busy)
		fyne.Do(func() {
			d.probe.Enable()
			d.probed.SetText(strings.Join(lines, "\n"))
			d.probed.Show()
			if found != "" && !u.state().Linked() {
				d.ports.SetText(found)
			}
		})
	})
}

// probePorts probes ports but busy, the one being read: it returns a line
// for each, and the first where a DGT board answered. It runs off the UI
// goroutine, and stops with the window.
func (u *eboardUI) probePorts(ports []string, busy string) (lines []string, found string) {
	for _, p := range ports {
		if p == busy {
			lines = append(lines, p+": "+lang.L("connected"))
			continue
		}
		ctx, cancel := context.WithTimeout(u.host.lifeContext(), 3*time.Second)
		info, err := app.ProbeBoard(ctx, p)
		cancel()
		if err != nil {
			lines = append(lines, p+": "+lang.L("no DGT board"))
			continue
		}
		if found == "" {
			found = p
		}
		lines = append(lines, p+": "+lang.L("DGT board {{.Serial}}, version {{.Version}}", map[string]any{"Serial": info.Serial, "Version": info.Version}))
	}
	return lines, found
}

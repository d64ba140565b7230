package ui

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"touchmove/app"
	"touchmove/app/boardview"
	"touchmove/assets"
	"touchmove/core/chess"
	"touchmove/core/game"
	"touchmove/core/msg"
	"touchmove/ui/board"
)

// positionEditor is the window's position editor: a board to drag pieces
// on, off and around, a palette of the twelve pieces and an eraser, the side
// to move, castling rights (only those the position allows), the en passant
// square (only where a double step explains it), the move number and a FEN
// field that works both ways. The rules of setting up are app's
// PositionEditor; this only draws it and passes the gestures on.
type positionEditor struct {
	win     fyne.Window
	say     func(msg.Text) string // a problem of the position in the players' words
	browse  func(*game.Game)      // shows a game from the position on the main board
	ed      *app.PositionEditor
	board   *board.Board
	flipped bool
	tool    chess.Piece // the palette piece clicks put; NoPiece: the hand
	erase   bool        // clicks remove pieces
	tools   []*widget.Button

	turn      *widget.RadioGroup
	castling  *fyne.Container
	enPassant *widget.Select
	moveNo    *widget.Entry
	chess960  *widget.Check
	fen       *widget.Entry
	status    *widget.Label
	play      *widget.Button
	analyse   *widget.Button
	d         dialog.Dialog
	updating  bool // the controls are being set from the editor
}

// editPosition opens the position editor on fen ("" for the position
// shown). done, when not nil, receives the FEN of "Use this position" (the
// new-game dialog); otherwise the editor offers to play or analyse from the
// position.
func (w *Window) editPosition(fen string, done func(fen string)) {
	pe := newPositionEditor(w, fen)
	pe.show(w, done)
	w.lastEditor = pe
}

// newPositionEditor builds the editor's board and controls on fen ("" for
// the position shown), with the window's board colours and pieces.
func newPositionEditor(w *Window, fen string) *positionEditor {
	pe := &positionEditor{win: w.win, say: w.words.say, ed: app.NewPositionEditor(),
		browse: func(g *game.Game) { w.files.unsavedThen(func() { w.session.Load(g, "", 0) }) }}
	if fen == "" {
		p := w.session.Current().Position()
		fen = p.FEN()
	}
	if err := pe.ed.SetFEN(fen); err != nil {
		pe.ed.Reset()
	}
	pe.board = board.New()
	if th := board.Themes(); w.themeIndex >= 0 && w.themeIndex < len(th) {
		pe.board.SetTheme(th[w.themeIndex])
	}
	pe.board.SetPieceSet(w.board.PieceSet())
	pe.board.OnMove = func(from, to chess.Square) { pe.ed.Move(from, to); pe.refresh() }
	pe.board.OnPress = pe.click
	pe.board.OnSquareTapped = pe.click
	pe.board.OnDropOff = func(from chess.Square) { pe.ed.Put(from, chess.NoPiece); pe.refresh() }
	pe.board.OnMark = func(sq chess.Square, _ boardview.MarkColor) { pe.ed.CycleColor(sq); pe.refresh() }
	pe.buildControls()
	return pe
}

// buildControls makes the controls of the side to move, castling, en
// passant, the move number, Chess960, the FEN and the status line.
func (pe *positionEditor) buildControls() {
	sides := []string{lang.L("White"), lang.L("Black")}
	pe.turn = widget.NewRadioGroup(sides, func(s string) {
		if !pe.updating {
			pe.ed.SetTurn(map[bool]chess.Color{false: chess.White, true: chess.Black}[s == sides[1]])
			pe.refresh()
		}
	})
	pe.turn.Horizontal = true
	pe.castling = container.NewGridWithColumns(2)
	pe.enPassant = widget.NewSelect(nil, func(s string) {
		if !pe.updating {
			sq, err := chess.ParseSquare(s)
			if err != nil {
				sq = chess.NoSquare
			}
			pe.ed.SetEnPassant(sq)
			pe.refresh()
		}
	})
	pe.moveNo = widget.NewEntry()
	pe.moveNo.OnChanged = func(s string) {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil && !pe.updating {
			pe.ed.SetFullMove(n)
			pe.refresh()
		}
	}
	pe.chess960 = widget.NewCheck(lang.L("Chess960 castling (any rook of the back rank)"), func(on bool) {
		if !pe.updating {
			pe.ed.SetChess960(on)
			pe.refresh()
		}
	})
	pe.fen = widget.NewEntry()
	pe.fen.OnChanged = func(s string) {
		if pe.updating {
			return
		}
		if err := pe.ed.SetFEN(s); err != nil {
			pe.status.Importance = widget.DangerImportance
			pe.status.SetText(errorText(err))
			return
		}
		pe.refresh()
	}
	pe.status = widget.NewLabel("")
	pe.status.Wrapping = fyne.TextWrapWord
}

// palette returns the tools: the hand, the twelve pieces (in set) and the
// eraser, each a button with its picture drawn large over it.
func (pe *positionEditor) palette(set assets.PieceSet) *fyne.Container {
	palette := container.NewGridWithColumns(7)
	tool := func(res fyne.Resource, tapped func()) {
		b := widget.NewButton("", tapped)
		img := canvas.NewImageFromResource(res)
		img.FillMode = canvas.ImageFillContain
		img.SetMinSize(fyne.NewSize(34, 34))
		pe.tools = append(pe.tools, b)
		palette.Add(container.NewStack(b, container.NewPadded(img)))
	}
	tool(theme.MoveUpIcon(), func() { pe.choose(chess.NoPiece, false) })
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if c == chess.Black {
			tool(theme.DeleteIcon(), func() { pe.choose(chess.NoPiece, true) })
		}
		for _, t := range []chess.PieceType{chess.King, chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn} {
			pc := chess.NewPiece(c, t)
			tool(set.Piece(pc), func() { pe.choose(pc, false) })
		}
	}
	return palette
}

// buttons returns the buttons that change the whole position: the start
// position, an empty board, the board turned, and, while an electronic
// board is connected, the position on it.
func (pe *positionEditor) buttons(w *Window) *fyne.Container {
	buttons := container.NewGridWithColumns(3,
		widget.NewButton(lang.L("Start position"), func() { pe.ed.Reset(); pe.refresh() }),
		widget.NewButton(lang.L("Clear"), func() { pe.ed.Clear(); pe.refresh() }),
		widget.NewButton(lang.L("Flip"), func() { pe.flipped = !pe.flipped; pe.refresh() }),
	)
	if _, ok := w.eboard.pieces(); ok {
		buttons.Add(widget.NewButton(lang.L("From the electronic board"), func() {
			if pieces, ok := w.eboard.pieces(); ok {
				for sq, pc := range pieces {
					pe.ed.Put(chess.Square(sq), pc)
				}
				pe.refresh()
			}
		}))
	}
	return buttons
}

// actions returns the dialog's buttons: "Use this position" into done when
// it is not nil; otherwise "Analyse from here" and "Play from here…".
func (pe *positionEditor) actions(w *Window, done func(fen string)) *fyne.Container {
	cancel := widget.NewButton(lang.L("Cancel"), func() { pe.d.Hide() })
	if done != nil {
		pe.play = widget.NewButton(lang.L("Use this position"), func() { pe.d.Hide(); done(pe.ed.FEN()) })
		pe.play.Importance = widget.HighImportance
		return container.NewHBox(cancel, pe.play)
	}
	pe.analyse = widget.NewButton(lang.L("Analyse from here"), pe.analyzeHere)
	pe.play = widget.NewButton(lang.L("Play from here…"), func() {
		fen := pe.ed.FEN()
		pe.d.Hide()
		w.files.unsavedThen(func() { w.showNewGameFrom(fen) })
	})
	pe.play.Importance = widget.HighImportance
	return container.NewHBox(cancel, pe.analyse, pe.play)
}

// show lays the editor out, the board on the left and the tools and
// controls on the right, and shows it in w; done is as editPosition's.
func (pe *positionEditor) show(w *Window, done func(fen string)) {
	palette := pe.palette(w.board.PieceSet())
	form := widget.NewForm(
		widget.NewFormItem(lang.L("To move"), pe.turn),
		widget.NewFormItem(lang.L("Castling"), pe.castling),
		widget.NewFormItem(lang.L("En passant"), pe.enPassant),
		widget.NewFormItem(lang.L("Move number"), pe.moveNo),
		widget.NewFormItem("", pe.chess960),
		widget.NewFormItem(lang.L("FEN"), pe.fen),
	)
	help := widget.NewLabel(lang.L("Drag pieces on the board, or off it to remove them; choose a piece to place it with clicks; right-click changes a piece's colour."))
	help.Wrapping = fyne.TextWrapWord
	right := container.NewVBox(help, palette, pe.buttons(w), form, pe.status)
	content := container.NewBorder(nil, container.NewCenter(pe.actions(w, done)), nil, nil,
		container.NewHSplit(container.New(&squareLayout{}, pe.board), container.NewVScroll(right)))
	pe.d = dialog.NewCustomWithoutButtons(lang.L("Set up a position"), content, w.win)
	pe.choose(chess.NoPiece, false)
	pe.refresh()
	size := w.win.Canvas().Size()
	pe.d.Resize(fyne.NewSize(min(1000, size.Width-20), min(640, size.Height-20)))
	w.dlg.show(dlgPosition, pe.d)
}

// choose makes pc the piece clicks put (NoPiece: the hand, or the eraser).
func (pe *positionEditor) choose(pc chess.Piece, erase bool) {
	pe.tool, pe.erase = pc, erase
	for i, b := range pe.tools {
		on := false
		switch {
		case i == 0:
			on = pc == chess.NoPiece && !erase
		case i == 7:
			on = erase
		case i < 7:
			on = pc == chess.NewPiece(chess.White, []chess.PieceType{chess.King, chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn}[i-1])
		default:
			on = pc == chess.NewPiece(chess.Black, []chess.PieceType{chess.King, chess.Queen, chess.Rook, chess.Bishop, chess.Knight, chess.Pawn}[i-8])
		}
		if on {
			b.Importance = widget.HighImportance
		} else {
			b.Importance = widget.MediumImportance
		}
		b.Refresh()
	}
}

// click puts the chosen piece on sq, or removes what is there with the
// eraser; with the hand it does nothing (the piece may be dragged).
func (pe *positionEditor) click(sq chess.Square) {
	switch {
	case pe.erase:
		pe.ed.Put(sq, chess.NoPiece)
	case pe.tool != chess.NoPiece:
		pe.ed.Put(sq, pe.tool)
	default:
		return
	}
	pe.refresh()
}

// refresh shows the editor's position in the board and every control.
func (pe *positionEditor) refresh() {
	pe.updating = true
	defer func() { pe.updating = false }()
	s := pe.ed.Setup()
	v := boardview.New()
	v.Pieces, v.Flipped = s.Board, pe.flipped
	pe.board.SetView(v)
	pe.turn.SetSelected(lang.L(colorPhrase(s.Turn, "White", "Black")))
	pe.castling.RemoveAll()
	rights := pe.ed.CastlingRights()
	for _, r := range rights {
		rook := r.Rook
		c := widget.NewCheck(castlingLabel(r, s.Chess960), func(on bool) {
			if !pe.updating {
				pe.ed.SetCastling(rook, on)
				pe.refresh()
			}
		})
		c.SetChecked(r.On)
		pe.castling.Add(c)
	}
	if len(rights) == 0 {
		pe.castling.Add(widget.NewLabel(lang.L("none possible")))
	}
	// Not a square: no en passant capture.
	none := lang.L("none")
	opts := []string{none}
	for _, sq := range pe.ed.EnPassantSquares() {
		opts = append(opts, sq.String())
	}
	pe.enPassant.Options = opts
	if s.EnPassant == chess.NoSquare {
		pe.enPassant.SetSelected(none)
	} else {
		pe.enPassant.SetSelected(s.EnPassant.String())
	}
	if len(opts) == 1 {
		pe.enPassant.Disable()
	} else {
		pe.enPassant.Enable()
	}
	if n := strconv.Itoa(max(1, s.FullMove)); pe.moveNo.Text != n {
		pe.moveNo.SetText(n)
	}
	pe.chess960.SetChecked(s.Chess960)
	if pe.win.Canvas().Focused() != pe.fen {
		pe.fen.SetText(pe.ed.FEN())
	}
	problem, warning := pe.ed.Check()
	switch {
	case !problem.IsZero():
		pe.status.Importance = widget.DangerImportance
		pe.status.SetText(pe.say(problem))
	case !warning.IsZero():
		pe.status.Importance = widget.WarningImportance
		pe.status.SetText(pe.say(warning))
	default:
		pe.status.Importance = widget.SuccessImportance
		pe.status.SetText(lang.L(colorPhrase(s.Turn, "A legal position: White to move.", "A legal position: Black to move.")))
	}
	pe.status.Refresh()
	for _, b := range []*widget.Button{pe.play, pe.analyse} {
		if b != nil {
			enable(b, problem.IsZero())
		}
	}
}

// analyzeHere shows the position on the main board as a game to browse and
// annotate, from which moves add variations.
func (pe *positionEditor) analyzeHere() {
	_, _, err := pe.ed.Setup().Playable()
	if err != nil {
		return
	}
	p, _, _ := pe.ed.Setup().Playable()
	pe.d.Hide()
	g := game.NewFromPosition(p)
	g.Tags.FillRoster()
	g.Tags.Set("Event", "Analysis")
	pe.browse(g)
}

// castlingLabel words castling right r in the players' language: "White
// O-O", and in Chess960, where any rook of the back rank may castle, with the
// rook's square.
func castlingLabel(r app.CastlingRight, chess960 bool) string {
	sq := map[string]any{"Square": r.Rook.String()}
	switch {
	case r.Long && chess960:
		return lang.L(colorPhrase(r.Color, "White O-O-O, rook on {{.Square}}", "Black O-O-O, rook on {{.Square}}"), sq)
	case chess960:
		return lang.L(colorPhrase(r.Color, "White O-O, rook on {{.Square}}", "Black O-O, rook on {{.Square}}"), sq)
	case r.Long:
		return lang.L(colorPhrase(r.Color, "White O-O-O", "Black O-O-O"))
	}
	return lang.L(colorPhrase(r.Color, "White O-O", "Black O-O"))
}

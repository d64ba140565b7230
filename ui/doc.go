// Package ui is Touchmove's window: Fyne widgets over an app.Session, and
// nothing of the chess rules.
//
// A gesture, a menu item or a key becomes a call on the session (package
// app); the window then redraws from what the session reports — the board
// from its boardview.View (ui/board draws it), then each panel. Work done
// off the UI goroutine (the engine, the electronic board, file reading,
// searches) comes back through fyne.Do, and each such goroutine ends with
// the window's life.
//
// The parts, by file:
//   - window.go: Window, the wiring — the session, the layout, the redraw;
//     run.go starts the app, menus.go builds the menus and keys.
//   - the panels, each owning its widgets: players.go, controls.go,
//     status.go, analysis.go (the engine's lines), and three packages of
//     their own, each asking the window through a host interface that
//     gameshost.go and messages.go implement: notation/ (the moves,
//     comments and variations), gamelist/ (the Games tab and its list)
//     and tree/ (the opening tree).
//   - the action groups, each a type with the state it needs: files
//     (files.go, filesave.go), annotator (annotate.go), playing (play.go,
//     arbiter.go), clockDesk (clocks.go), opponentUI (opponent.go),
//     eboardUI (eboard.go), the search (search.go), exploring (explore.go),
//     trainer (training.go: the Training menu, over app/mistakes,
//     app/training and the session's training mode; trainingline.go: the
//     drill's lines and its clock; repertoireadd.go: a move added to the
//     user's repertoire from the tree or the menu), hallUI (hall.go:
//     View › Hall, its boards and the arbiter's corrections;
//     hallpublish.go: its Round tab, publishing through app/hall).
//     Most declare what they ask of the window as a host interface of
//     their own (filesHost, annotatorHost, playingHost, clockDeskHost,
//     opponentHost, moveBoxHost, gameSetupHost), which *Window answers
//     with the small methods of hosts.go.
//   - dialogs.go: every dialog is shown through dialogs.show with a
//     dialogKind (dialogkinds.go lists them all); the crawl test opens each
//     one from every menu item, confirms it and cancels it.
//   - messages.go and the translations (translations/): every word the
//     players read, in English, Russian and Slovak.
//   - theme.go, fonts/, contrast/: the look; widgets/: small widgets that
//     draw what they are given; board/: the board widget.
//
// docs/design.md §1 maps the packages and §3 the window.
package ui

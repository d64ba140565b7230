package ui

// dialogKind names one dialog of the window. Every dialog is shown through
// dialogs.show with its kind, and dialogKinds lists every kind: the crawl
// (crawl_test.go) opens each one, confirms it and cancels it, and fails on
// an overlay shown without a kind or a kind missing from the list.
type dialogKind string

// The dialogs of the window.
const (
	dlgProblem          dialogKind = "problem"                // an error or a refusal (dialogs.showProblem)
	dlgNotice           dialogKind = "notice"                 // a message with one button
	dlgQuestion         dialogKind = "question"               // yes or no (dialogs.confirm)
	dlgChoice           dialogKind = "choice"                 // Cancel and choices (dialogs.ask)
	dlgKeys             dialogKind = "keys"                   // Help › Keyboard shortcuts
	dlgAbout            dialogKind = "about"                  // Help › About Touchmove
	dlgGuide            dialogKind = "guide"                  // Help › User's guide
	dlgRestore          dialogKind = "restore"                // a game left by a crash, at start
	dlgJournalErrors    dialogKind = "journal errors"         // journals that could not be read, at start
	dlgCrashed          dialogKind = "crashed"                // the last run crashed, at start (crashlog.go)
	dlgClockStall       dialogKind = "clock stall"            // the clocks did not tick
	dlgGameOver         dialogKind = "game over"              // the end of a live game
	dlgNewGame          dialogKind = "new game"               // File › New game…
	dlgSaveGame         dialogKind = "save the game"          // unsaved changes before they are lost
	dlgReopenEncoding   dialogKind = "reopen encoding"        // File › Reopen with encoding…
	dlgTags             dialogKind = "tags"                   // Edit › Tags…
	dlgPreferences      dialogKind = "preferences"            // Edit › Preferences…
	dlgPosition         dialogKind = "position editor"        // Game › Set up a position…
	dlgAnalyse          dialogKind = "analyse"                // Game › Analyse the game…
	dlgAnalysing        dialogKind = "analysing"              // its progress
	dlgDeclareResult    dialogKind = "declare result"         // Arbiter › Declare the result…
	dlgSetClocks        dialogKind = "set clocks"             // Arbiter › Set clocks and move counters…
	dlgEngine           dialogKind = "engine"                 // View › Chess engine…
	dlgEBoard           dialogKind = "electronic board"       // View › Electronic board…
	dlgSearch           dialogKind = "search"                 // Search › Search the games…
	dlgSearchProgress   dialogKind = "search progress"        // its progress
	dlgTouchMoveClaim   dialogKind = "touch-move claim"       // the arbiter rules on a claim of a breach read from the e-board
	dlgMistakes         dialogKind = "find mistakes"          // Training › Find my mistakes in this file…
	dlgMistakesProgress dialogKind = "find mistakes progress" // its progress
	dlgRepertoire       dialogKind = "repertoire"             // Training › Add my repertoire…
	dlgHall             dialogKind = "hall"                   // View › Hall…
	dlgHallBoard        dialogKind = "hall board"             // a board of the hall in full, from View › Hall…
	dlgHallClock        dialogKind = "hall clock"             // a board of the hall: Set a clock…
	dlgHallNote         dialogKind = "hall note"              // a board of the hall: Add a note…
	dlgHallRestore      dialogKind = "hall restore"           // a round of the hall left by a crash, at start
	dlgReport           dialogKind = "report"                 // Training › Report on a player…
)

// dialogKinds returns every kind of dialog of the window, each with how it
// comes when no menu item opens it ("" when one does).
func dialogKinds() map[dialogKind]string {
	return map[dialogKind]string{
		dlgProblem:          "",
		dlgNotice:           "",
		dlgQuestion:         "",
		dlgChoice:           "",
		dlgKeys:             "",
		dlgAbout:            "",
		dlgGuide:            "",
		dlgRestore:          "at start, for a journal left by a window that did not close cleanly",
		dlgJournalErrors:    "at start, for a journal that could not be read",
		dlgCrashed:          "at start, after a run that ended in a crash",
		dlgClockStall:       "when the clocks did not tick for more than two seconds",
		dlgGameOver:         "when a live game ends",
		dlgNewGame:          "",
		dlgSaveGame:         "",
		dlgReopenEncoding:   "",
		dlgTags:             "",
		dlgPreferences:      "",
		dlgPosition:         "",
		dlgAnalyse:          "",
		dlgAnalysing:        "",
		dlgDeclareResult:    "",
		dlgSetClocks:        "",
		dlgEngine:           "",
		dlgEBoard:           "",
		dlgSearch:           "",
		dlgSearchProgress:   "",
		dlgTouchMoveClaim:   "under Arbiter rules, when a player claims a touch-move breach read from the electronic board",
		dlgMistakes:         "",
		dlgMistakesProgress: "",
		dlgRepertoire:       "",
		dlgHall:             "",
		dlgHallBoard:        "from View › Hall…, a board's button",
		dlgHallClock:        "from a board of View › Hall…, Set a clock…",
		dlgHallNote:         "from a board of View › Hall…, Add a note…",
		dlgHallRestore:      "at start, for a round of the hall left by a window that did not close cleanly",
		dlgReport:           "",
	}
}

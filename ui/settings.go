package ui

import (
	"runtime"
	"time"

	"fyne.io/fyne/v2"

	"touchmove/assets"
	"touchmove/core/chess"
	"touchmove/core/clock"
	"touchmove/ui/board"
)

// settings are the choices of look and feel that the Preferences window
// edits. The View menu changes the same ones: both read the window's
// fields and write the same preference keys, so either shows what the
// other chose.
type settings struct {
	pieces      assets.PieceSet
	boardTheme  int // index into board.Themes
	coordinates bool
	animate     bool
	sounds      bool    // play sounds at all
	clockSounds bool    // the clock's warnings too
	volume      float64 // one of soundVolumes
	twoColumns  bool    // the notation as a two-column table
	letters     string  // piece letters: "" the language's, "en" or "figurine" (letterChoices)
	language    string  // "" the system's, else a code of languages
	myNames     string  // the names the user plays under, for Training
}

// storedPieceSet returns the piece set kept in prefs, Classic when none is
// or the one kept is unknown.
func storedPieceSet(prefs fyne.Preferences) assets.PieceSet {
	s, _ := assets.ParsePieceSet(settingKeys().pieceSet.get(prefs))
	return s
}

// currentSettings returns the settings in force in w.
func (w *Window) currentSettings() settings {
	prefs := w.app.Preferences()
	return settings{
		pieces:      w.board.PieceSet(),
		boardTheme:  w.themeIndex,
		coordinates: w.coordinates,
		animate:     w.animate,
		sounds:      w.sound.on,
		clockSounds: w.sound.clock,
		volume:      w.sound.volume,
		twoColumns:  w.notation.TwoColumns(),
		letters:     settingKeys().pieceLetters.get(prefs),
		language:    settingKeys().language.get(prefs),
		myNames:     settingKeys().myNames.get(prefs),
	}
}

// applySettings puts s in force in w at once, keeps it in the app's
// preferences for the next start (the language applies only then), and
// rebuilds the menus so that View shows the same choices.
func (w *Window) applySettings(s settings) {
	prefs := w.app.Preferences()
	old := w.currentSettings()

	w.board.SetPieceSet(s.pieces)
	settingKeys().pieceSet.set(prefs, s.pieces.String())
	if th := board.Themes(); s.boardTheme >= 0 && s.boardTheme < len(th) {
		w.themeIndex = s.boardTheme
		w.board.SetTheme(th[s.boardTheme])
		settingKeys().boardTheme.set(prefs, s.boardTheme)
	}
	w.coordinates, w.animate = s.coordinates, s.animate
	settingKeys().coordinates.set(prefs, s.coordinates)
	settingKeys().animate.set(prefs, s.animate)

	w.sound.on, w.sound.clock, w.sound.volume = s.sounds, s.clockSounds, s.volume
	settingKeys().sounds.set(prefs, s.sounds)
	settingKeys().clockSounds.set(prefs, s.clockSounds)
	settingKeys().soundVolume.set(prefs, s.volume)

	settingKeys().notationTable.set(prefs, s.twoColumns)
	if s.twoColumns != old.twoColumns {
		w.notation.SetTwoColumns(s.twoColumns)
	}
	settingKeys().pieceLetters.set(prefs, s.letters)
	if s.letters != old.letters {
		w.setLetters()
	}
	settingKeys().language.set(prefs, s.language)
	settingKeys().myNames.set(prefs, s.myNames)

	w.refresh()
	w.win.SetMainMenu(w.mainMenu())
}

// prefValue is what a preference holds.
type prefValue interface{ bool | int | float64 | string }

// pref is one setting of the window: its key in the app's preferences and
// its value when none is kept.
type pref[T prefValue] struct {
	key string
	def T
}

// get returns the value kept in prefs, the default when none is.
func (p pref[T]) get(prefs fyne.Preferences) T {
	var v any
	switch d := any(p.def).(type) {
	case bool:
		v = prefs.BoolWithFallback(p.key, d)
	case int:
		v = prefs.IntWithFallback(p.key, d)
	case float64:
		v = prefs.FloatWithFallback(p.key, d)
	case string:
		v = prefs.StringWithFallback(p.key, d)
	}
	return v.(T)
}

// set keeps v in prefs.
func (p pref[T]) set(prefs fyne.Preferences, v T) {
	switch v := any(v).(type) {
	case bool:
		prefs.SetBool(p.key, v)
	case int:
		prefs.SetInt(p.key, v)
	case float64:
		prefs.SetFloat(p.key, v)
	case string:
		prefs.SetString(p.key, v)
	}
}

// prefKeys are every setting the window keeps, each with its key and its
// default written here once (issue 46, point 5). The keys are the ones
// earlier versions wrote, so a user's preferences carry over.
type prefKeys struct {
	analysisDepth      pref[int]
	animate            pref[bool]
	boardTheme         pref[int]
	clockSounds        pref[bool]
	coordinates        pref[bool]
	drillEvenReplies   pref[bool]
	drillSeconds       pref[int]
	opponentwhite      pref[int]
	opponentwhiteLevel pref[int]
	opponentblack      pref[int]
	opponentblackLevel pref[int]
	eboardPort         pref[string]
	hallAddress        pref[string]
	hallDelay          pref[int]
	hallEvent          pref[string]
	hallFolder         pref[string]
	hallPairings       pref[string]
	hallPublishing     pref[bool]
	hallPushURL        pref[string]
	hallRound          pref[string]
	hallServe          pref[bool]
	hallSite           pref[string]
	hallTimeControl    pref[string]
	hallToken          pref[string]
	engineAcceptsDraws pref[bool]
	engineHash         pref[int]
	engineLines        pref[int]
	engineOptions      pref[string]
	enginePath         pref[string]
	engineResigns      pref[bool]
	engineSideToMove   pref[bool]
	engineThreads      pref[int]
	language           pref[string]
	lastBlack          pref[string]
	lastBlackTime      pref[string]
	lastEvent          pref[string]
	lastWhite          pref[string]
	lastWhiteTime      pref[string]
	manualPress        pref[bool]
	myNames            pref[string]
	notationTable      pref[bool]
	openingTree        pref[bool]
	pieceLetters       pref[string]
	pieceSet           pref[string]
	repertoireFile     pref[string]
	repertoireBlack    pref[string]
	repertoireWhite    pref[string]
	rulesMode          pref[int]
	showCounter        pref[bool]
	soundVolume        pref[float64]
	sounds             pref[bool]
	splitGame          pref[float64]
	splitTree          pref[float64]
	tenthsBelowMs      pref[int]
	timePreset         pref[string]
	whiteLeft          pref[bool]
	windowHeight       pref[float64]
	windowWidth        pref[float64]
}

// repertoire returns the setting that keeps the file of the user's
// repertoire for the side c, which the tree's "Add this move to my
// repertoire" writes to.
func (k prefKeys) repertoire(c chess.Color) pref[string] {
	if c == chess.Black {
		return k.repertoireBlack
	}
	return k.repertoireWhite
}

// opponent returns the settings of the side c in the new game's Opponents
// tab: who sits there (seatPerson or seatEngine) and the engine's level.
func (k prefKeys) opponent(c chess.Color) (seat, level pref[int]) {
	if c == chess.Black {
		return k.opponentblack, k.opponentblackLevel
	}
	return k.opponentwhite, k.opponentwhiteLevel
}

// The settings kept for each file, under the file's path.

// listStateKey is the preference that keeps a file's sort, filter and selection.
func listStateKey(path string) string { return "listState:" + path }

// encodingKey is the preference that keeps the charset chosen for path.
func encodingKey(path string) string { return "encoding:" + path }

// settingKeys returns the window's settings: settingKeys().animate.get(prefs).
func settingKeys() prefKeys {
	return prefKeys{
		analysisDepth:      pref[int]{"analysisDepth", 14},
		animate:            pref[bool]{"animate", true},
		boardTheme:         pref[int]{"boardTheme", 0},
		clockSounds:        pref[bool]{"clockSounds", false},
		coordinates:        pref[bool]{"coordinates", true},
		drillEvenReplies:   pref[bool]{"drillEvenReplies", false},
		drillSeconds:       pref[int]{"drillSeconds", 0},
		opponentwhite:      pref[int]{"opponentwhite", seatPerson},
		opponentwhiteLevel: pref[int]{"opponentwhiteLevel", 3},
		opponentblack:      pref[int]{"opponentblack", seatPerson},
		opponentblackLevel: pref[int]{"opponentblackLevel", 3},
		eboardPort:         pref[string]{"eboardPort", ""},
		hallAddress:        pref[string]{"hallAddress", "127.0.0.1:8080"},
		hallDelay:          pref[int]{"hallDelay", 0},
		hallEvent:          pref[string]{"hallEvent", ""},
		hallFolder:         pref[string]{"hallFolder", ""},
		hallPairings:       pref[string]{"hallPairings", ""},
		hallPublishing:     pref[bool]{"hallPublishing", false},
		hallPushURL:        pref[string]{"hallPushURL", ""},
		hallRound:          pref[string]{"hallRound", ""},
		hallServe:          pref[bool]{"hallServe", false},
		hallSite:           pref[string]{"hallSite", ""},
		hallTimeControl:    pref[string]{"hallTimeControl", ""},
		hallToken:          pref[string]{"hallToken", ""},
		engineAcceptsDraws: pref[bool]{"engineAcceptsDraws", true},
		engineHash:         pref[int]{"engineHash", 64},
		engineLines:        pref[int]{"engineLines", 2},
		engineOptions:      pref[string]{"engineOptions", ""},
		enginePath:         pref[string]{"enginePath", ""},
		engineResigns:      pref[bool]{"engineResigns", true},
		engineSideToMove:   pref[bool]{"engineSideToMove", false},
		engineThreads:      pref[int]{"engineThreads", max(1, runtime.NumCPU()/2)},
		language:           pref[string]{"language", ""},
		lastBlack:          pref[string]{"lastBlack", ""},
		lastBlackTime:      pref[string]{"lastBlackTime", ""},
		lastEvent:          pref[string]{"lastEvent", ""},
		lastWhite:          pref[string]{"lastWhite", ""},
		lastWhiteTime:      pref[string]{"lastWhiteTime", ""},
		manualPress:        pref[bool]{"manualPress", false},
		myNames:            pref[string]{"myNames", ""},
		notationTable:      pref[bool]{"notationTable", false},
		openingTree:        pref[bool]{"openingTree", true},
		pieceLetters:       pref[string]{"pieceLetters", ""},
		pieceSet:           pref[string]{"pieceSet", ""},
		repertoireFile:     pref[string]{"repertoireFile", ""},
		repertoireBlack:    pref[string]{"repertoireBlack", ""},
		repertoireWhite:    pref[string]{"repertoireWhite", ""},
		rulesMode:          pref[int]{"rulesMode", 0},
		showCounter:        pref[bool]{"showCounter", true},
		soundVolume:        pref[float64]{"soundVolume", 0.75},
		sounds:             pref[bool]{"sounds", true},
		splitGame:          pref[float64]{"splitGame", 0.62},
		splitTree:          pref[float64]{"splitTree", 0.55},
		tenthsBelowMs:      pref[int]{"tenthsBelowMs", int(clock.TenthsDefault / time.Millisecond)},
		timePreset:         pref[string]{"timePreset", ""},
		whiteLeft:          pref[bool]{"whiteLeft", true},
		windowHeight:       pref[float64]{"windowHeight", 720},
		windowWidth:        pref[float64]{"windowWidth", 1100},
	}
}
